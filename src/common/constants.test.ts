import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SITE_TITLE,
  EDITOR_BYTES_PER_CHAR,
  EXTREME_PASTE_BYTES,
  LARGE_PASTE_BYTES,
  LARGE_PASTE_LINES,
  MB,
  pageTitle,
  VERY_LARGE_PASTE_BYTES,
  VERY_LARGE_PASTE_LINES,
} from './constants.js';

describe('pageTitle', () => {
  it("reads '{site title} - Secure Text & Code Sharing'", () => {
    expect(pageTitle('My Pastebin')).toBe('My Pastebin - Secure Text & Code Sharing');
  });

  it("falls back to 'Paste Sharing' without a site title", () => {
    const fallback = 'Paste Sharing - Secure Text & Code Sharing';
    expect(pageTitle(undefined)).toBe(fallback);
    expect(pageTitle(null)).toBe(fallback);
    expect(pageTitle('')).toBe(fallback);
    expect(pageTitle('   ')).toBe(fallback);
  });

  it('trims the site title', () => {
    expect(pageTitle('  My Pastebin \n')).toBe('My Pastebin - Secure Text & Code Sharing');
  });
});

describe('spec §9 size constants', () => {
  it('match the spec', () => {
    expect(DEFAULT_SITE_TITLE).toBe('Paste Sharing');
    expect(MB).toBe(1_048_576);
    expect(LARGE_PASTE_LINES).toBe(1_000);
    expect(LARGE_PASTE_BYTES).toBe(524_288);
    expect(VERY_LARGE_PASTE_LINES).toBe(10_000);
    expect(VERY_LARGE_PASTE_BYTES).toBe(2_097_152);
    expect(EXTREME_PASTE_BYTES).toBe(10_485_760);
    expect(EDITOR_BYTES_PER_CHAR).toBe(2);
  });
});
