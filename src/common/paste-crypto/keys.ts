import { fromBase64Url, toBase64Url } from './base64.js';

/**
 * A paste's key: 32 random bytes for AES-256-GCM, written in the link's fragment as 43 characters
 * of base64url. Browsers never send the fragment, so the server never receives it.
 */
const KEY_TEXT = /^[A-Za-z0-9_-]{43}$/;
const ALGORITHM = { name: 'AES-GCM', length: 256 } as const;

export function generateKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey(ALGORITHM, true, ['encrypt', 'decrypt']);
}

export async function exportKeyText(key: CryptoKey): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', key)));
}

/** Whether `text` is a key as links carry it (canonical: it decodes and encodes back the same). */
export function isKeyText(text: string): boolean {
  if (!KEY_TEXT.test(text)) return false;
  return toBase64Url(fromBase64Url(text)) === text;
}

/** The key a link carries, or null when `text` is not one. */
export async function importKeyText(text: string): Promise<CryptoKey | null> {
  if (!isKeyText(text)) return null;
  return crypto.subtle.importKey('raw', fromBase64Url(text) as Uint8Array<ArrayBuffer>, ALGORITHM, true, [
    'encrypt',
    'decrypt',
  ]);
}
