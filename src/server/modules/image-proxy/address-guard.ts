import { BlockList, isIP } from 'node:net';

/**
 * Addresses the image proxy never connects to: this machine, private networks, link-local,
 * multicast, documentation and other special-purpose ranges (IANA's registries), so a paste cannot
 * make the server reach its own network.
 */
const refusedV4 = new BlockList();
// Apart: a BlockList checks IPv4 addresses against IPv6 rules too (::ffff:0:0/96 would hold them all).
const refusedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refusedV4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped, IPv4-translated and 6to4 addresses carry an IPv4 address that may be private.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  refusedV6.addSubnet(net, prefix, 'ipv6');
}

/** Whether `address` (an IP address, v4 or v6) is on the public internet; false for anything else. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !refusedV4.check(address, 'ipv4') : !refusedV6.check(address, 'ipv6');
}
