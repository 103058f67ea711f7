import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './safe-url';

describe('safeExternalUrl', () => {
  it('keeps an http or https link, normalised', () => {
    expect(safeExternalUrl('https://shop.example/vip')).toBe('https://shop.example/vip');
    expect(safeExternalUrl('HTTP://Shop.Example')).toBe('http://shop.example/');
  });

  it('refuses any other scheme, text that is no URL, and nothing at all', () => {
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeExternalUrl('shop.example/vip')).toBeNull();
    expect(safeExternalUrl('')).toBeNull();
    expect(safeExternalUrl(undefined)).toBeNull();
  });
});
