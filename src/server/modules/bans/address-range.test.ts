import { describe, expect, it } from 'vitest';
import { BAN_MESSAGES } from '../../../common/schemas/bans.js';
import { parseBanRange, rangeHolds, rangeText, storedRange } from './address-range.js';

const text = (input: string) => rangeText(parseBanRange(input));

describe('ban ranges', () => {
  it('keep a range as its network, a single address as /32 or /128, a mapped address as IPv4', () => {
    expect(text('203.0.113.77/24')).toBe('203.0.113.0/24');
    expect(text(' 198.51.100.7 ')).toBe('198.51.100.7/32');
    expect(text('10.20.30.40/16')).toBe('10.20.0.0/16');
    expect(text('2001:db8:1:2::5/48')).toBe('2001:db8:1::/48');
    expect(text('2001:DB8::1')).toBe('2001:db8::1/128');
    expect(text('::ffff:198.51.100.9')).toBe('198.51.100.9/32');
    expect(text('::ffff:203.0.113.0/120')).toBe('203.0.113.0/24');
  });

  it('refuse what is not an address, or wider than a /16 or a /48', () => {
    for (const bad of ['10.1', '1.2.3.4.5', 'host.example', '1.2.3.4/33', '1.2.3.4/x', '1.2.3.4/8/1', '']) {
      expect(() => parseBanRange(bad), bad).toThrow(BAN_MESSAGES.addressInvalid);
    }
    expect(() => parseBanRange('10.0.0.0/15')).toThrow(BAN_MESSAGES.rangeTooWide);
    expect(() => parseBanRange('2001:db8::/47')).toThrow(BAN_MESSAGES.rangeTooWide);
    expect(storedRange('not a range')).toBeNull();
  });

  it('hold the addresses inside them only, IPv4 as a mapped IPv6 request address too', () => {
    const v4 = parseBanRange('203.0.113.0/24');
    expect(rangeHolds(v4, '203.0.113.255')).toBe(true);
    expect(rangeHolds(v4, '::ffff:203.0.113.1')).toBe(true);
    expect(rangeHolds(v4, '203.0.114.0')).toBe(false);
    expect(rangeHolds(v4, '2001:db8::1')).toBe(false);
    const v6 = parseBanRange('2001:db8:1::/48');
    expect(rangeHolds(v6, '2001:db8:1:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(rangeHolds(v6, '2001:db8:2::')).toBe(false);
    expect(rangeHolds(v6, 'garbage')).toBe(false);
  });
});
