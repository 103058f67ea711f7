import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeLicenseKey } from './license-key';

describe('normalizeLicenseKey', () => {
  it('brings what people type back to the key’s one spelling', () => {
    const key = 'VIP-7K3M-QX9P-2B4T-HZ8R';
    for (const typed of [
      key,
      'vip-7k3m-qx9p-2b4t-hz8r',
      ' VIP 7K3M QX9P 2B4T HZ8R ',
      'VIP7K3MQX9P2B4THZ8R',
      '7K3MQX9P2B4THZ8R',
      'vip-7k3m-qx9p-2b4t-hz8r\n',
    ]) {
      expect(normalizeLicenseKey(typed)).toBe(key);
    }
    expect(normalizeLicenseKey('VIP-1111-0000-AAAA-BBBB')).toBe(
      normalizeLicenseKey('vip-iL1I-oO0o-aaaa-bbbb'),
    );
  });

  it('leaves anything that is not a key of this shape as it was typed (trimmed)', () => {
    expect(normalizeLicenseKey('  legacy-key-42 ')).toBe('legacy-key-42');
    expect(normalizeLicenseKey('VIP-7K3M-QX9P-2B4T')).toBe('VIP-7K3M-QX9P-2B4T');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => normalizeLicenseKey(normalizeLicenseKey(s)) === normalizeLicenseKey(s)),
    );
  });
});
