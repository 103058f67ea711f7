/**
 * Base64 without Buffer (this code also runs in the browser). Binary strings are built a slice
 * at a time: String.fromCharCode(...all) would exceed the argument limit on a large paste.
 */
const SLICE = 0x8000;

export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += SLICE) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + SLICE)));
  }
  return btoa(parts.join(''));
}

/** Standard base64 (padding optional) to bytes; throws SyntaxError on anything else. */
export function fromBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw new SyntaxError('not base64');
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Base64url without padding to bytes; throws SyntaxError on anything else. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SyntaxError('not base64url');
  return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
}
