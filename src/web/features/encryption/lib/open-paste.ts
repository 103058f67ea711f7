import {
  DecryptError,
  fromBase64,
  importKeyText,
  openBytes,
  openTitle,
} from '../../../../common/paste-crypto/index';

/** What a key does with a paste's sealed parts. */
export type OpenedPaste =
  /** The key does not open the sealed title: it is not this paste's key. */
  | { kind: 'wrong-key' }
  /** The title opened but the text did not (altered or cut short): nothing of it is shown. */
  | { kind: 'undecryptable' }
  /** The title, and the text with its size in bytes when the view carried it. */
  | { kind: 'open'; title: string; content?: string; sizeBytes?: number };

/**
 * Opens an encrypted paste's view in this tab: the sealed title first (it is the key check), then
 * the text, whole or not at all (pse1 authenticates every chunk and the end). Loaded only for an
 * encrypted paste (import('./open-paste')).
 */
export async function openPaste(
  keyText: string,
  sealedTitle: string,
  /** The view's base64 of the sealed bytes, the bytes themselves (read raw), or none. */
  sealedContent: string | Uint8Array | undefined,
): Promise<OpenedPaste> {
  const key = await importKeyText(keyText);
  if (!key) return { kind: 'wrong-key' };
  let title: string;
  try {
    title = await openTitle(key, sealedTitle);
  } catch (error) {
    if (error instanceof DecryptError && error.reason !== 'key-or-tampered') return { kind: 'undecryptable' };
    return { kind: 'wrong-key' };
  }
  if (sealedContent === undefined) return { kind: 'open', title };
  try {
    const sealed = typeof sealedContent === 'string' ? fromBase64(sealedContent) : sealedContent;
    const plain = await openBytes(key, sealed);
    // Fatal: bytes that are not UTF-8 are a failure, not text with replacement characters.
    const content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(plain);
    return { kind: 'open', title, content, sizeBytes: plain.byteLength };
  } catch {
    return { kind: 'undecryptable' };
  }
}
