import ipaddr from 'ipaddr.js';
import { BAN_IPV4_MIN_PREFIX, BAN_IPV6_MIN_PREFIX } from '../../../common/constants.js';
import { BAN_MESSAGES } from '../../../common/schemas/bans.js';
import { badRequest } from '../../errors.js';

/**
 * Addresses and ranges of bans, parsed by ipaddr.js (the library Fastify's proxy-addr uses for
 * the same addresses): an IPv4-mapped IPv6 address is its IPv4 address, a range is kept as its
 * network address and prefix (`203.0.113.0/24`), a single address as a /32 or /128.
 */

export interface Range {
  kind: 'ipv4' | 'ipv6';
  bits: number;
  /** The network address's bytes (the bits past the prefix are zero). */
  bytes: number[];
}

/** Only dotted quads: ipaddr.js would read `10.1` as 10.0.0.1, which nobody means in a ban. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes(':') && ipaddr.IPv6.isValid(text)) {
    const v6 = ipaddr.IPv6.parse(text);
    return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
  }
  return null;
}

function masked(bytes: number[], bits: number): number[] {
  return bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return keep === 8 ? b : b & (0xff << (8 - keep)) & 0xff;
  });
}

/** A staff member's address or range, checked and normalized; 400 with the reason otherwise. */
export function parseBanRange(input: string): Range {
  const [addressText = '', bitsText, ...rest] = input.trim().split('/');
  const address = parseAddress(addressText);
  if (!address || rest.length > 0 || (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText))) {
    throw badRequest(BAN_MESSAGES.addressInvalid);
  }
  const kind = address.kind();
  const max = kind === 'ipv4' ? 32 : 128;
  // A mapped address given with an IPv6 prefix (::ffff:203.0.113.0/120) keeps its IPv4 part's bits.
  let bits = bitsText === undefined ? max : Number(bitsText);
  if (kind === 'ipv4' && addressText.includes(':') && bitsText !== undefined) bits -= 96;
  if (bits < 0 || bits > max) throw badRequest(BAN_MESSAGES.addressInvalid);
  if (bits < (kind === 'ipv4' ? BAN_IPV4_MIN_PREFIX : BAN_IPV6_MIN_PREFIX)) {
    throw badRequest(BAN_MESSAGES.rangeTooWide);
  }
  return { kind, bits, bytes: masked(address.toByteArray(), bits) };
}

/** `203.0.113.0/24`, `2001:db8:1::/48`: how a range is stored and shown. */
export function rangeText(range: Range): string {
  return `${ipaddr.fromByteArray(range.bytes).toString()}/${range.bits}`;
}

/** A stored range back (it was normalized when stored); null for text that is not one. */
export function storedRange(text: string): Range | null {
  try {
    return parseBanRange(text);
  } catch {
    return null;
  }
}

/** The key of `address` within a range of `bits`, to look up in an index of ranges. */
function keyOf(kind: string, bytes: number[], bits: number): string {
  return `${kind}/${bits}/${masked(bytes, bits).join('.')}`;
}

export const rangeKey = (range: Range): string => keyOf(range.kind, range.bytes, range.bits);

/** A request's address (Fastify's request.ip) as a kind and bytes; null if it is not one. */
export function requestAddress(ip: string): { kind: 'ipv4' | 'ipv6'; bytes: number[] } | null {
  const address = parseAddress(ip);
  return address ? { kind: address.kind(), bytes: address.toByteArray() } : null;
}

/**
 * The keys under which `address` would be found in an index of ranges, one per prefix length the
 * index holds: a lookup costs one key per distinct prefix, whatever the number of bans.
 */
export function keysToTry(
  address: { kind: 'ipv4' | 'ipv6'; bytes: number[] },
  prefixes: ReadonlySet<number>,
): string[] {
  const max = address.kind === 'ipv4' ? 32 : 128;
  const keys: string[] = [];
  for (const bits of prefixes) if (bits <= max) keys.push(keyOf(address.kind, address.bytes, bits));
  return keys;
}

/** Whether `ip` (a request's address) lies in `range`. */
export function rangeHolds(range: Range, ip: string): boolean {
  const address = requestAddress(ip);
  return address !== null && keysToTry(address, new Set([range.bits])).includes(rangeKey(range));
}
