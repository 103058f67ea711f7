/**
 * VIP licence keys: `VIP-XXXX-XXXX-XXXX-XXXX`, 16 characters of Crockford's base32 (no I, L, O or
 * U). People type them with lower case, spaces, or without the dashes, and misread 0/O and 1/I/L:
 * what they type is brought back to the key's one spelling before it is looked up.
 */
export const LICENSE_KEY_EXAMPLE = 'VIP-XXXX-XXXX-XXXX-XXXX';

const KEY_BODY_LENGTH = 16;

export function normalizeLicenseKey(raw: string): string {
  const compact = raw.toUpperCase().replace(/[\s-]+/g, '');
  const body = (compact.startsWith('VIP') ? compact.slice(3) : compact)
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (body.length !== KEY_BODY_LENGTH || !/^[0-9A-HJKMNP-TV-Z]+$/.test(body)) return raw.trim();
  return `VIP-${body.match(/.{4}/g)!.join('-')}`;
}
