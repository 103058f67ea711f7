import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * The widest proxy ranges taken: 10.0.0.0/8 and the IPv6 unique-local fc00::/7 are real private
 * networks; anything wider covers so much of the address space that clients in it could choose
 * their own IP (0.0.0.0/1 + 128.0.0.0/1 is everyone).
 */
const MIN_PREFIX = { ipv4: 8, ipv6: 7 };

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A valid range that covers too much: IPv4 (also as IPv4-mapped IPv6) under /8, IPv6 under /7. */
function isTooWide(entry: string): boolean {
  if (!entry.includes('/')) return false;
  const [address, bits] = ipaddr.parseCIDR(entry);
  if (address.kind() === 'ipv4') return bits < MIN_PREFIX.ipv4;
  const mapped = (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96;
  return mapped ? bits - 96 < MIN_PREFIX.ipv4 : bits < MIN_PREFIX.ipv6;
}

/**
 * `true` would trust every hop, so the client's own left-most X-Forwarded-For entry would become
 * its IP and every per-IP limit could be dodged; only a hop count or proxy addresses are accepted.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): number | string | undefined => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return undefined;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((s) => s.trim());
    const tooWide = entries.filter(
      (e) => isProxyAddress(e) && !PROXY_RANGE_NAMES.includes(e) && isTooWide(e),
    );
    if (tooWide.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${tooWide.join(', ')} covers too much of the address space (at least /${MIN_PREFIX.ipv4} for IPv4, /${MIN_PREFIX.ipv6} for IPv6): clients in it could choose their own IP; give your proxies' addresses`,
      });
      return z.NEVER;
    }
    if (entries.every(isProxyAddress)) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message:
        "must be a hop count (e.g. 1 for one proxy in front) or your proxies' addresses/CIDRs (e.g. 127.0.0.1); true would let any client choose its IP",
    });
    return z.NEVER;
  });
