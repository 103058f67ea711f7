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
  sealedContent: string | undefined,
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
    const plain = await openBytes(key, fromBase64(sealedContent));
    // Fatal: bytes that are not UTF-8 are a failure, not text with replacement characters.
    const content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(plain);
    return { kind: 'open', title, content, sizeBytes: plain.byteLength };
  } catch {
    return { kind: 'undecryptable' };
  }
}

/** Opens sealed bytes fetched by other means (the admin panel's raw read) as UTF-8 text. */
export async function openSealedText(keyText: string, sealed: Uint8Array): Promise<string | null> {
  const key = await importKeyText(keyText);
  if (!key) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await openBytes(key, sealed));
  } catch {
    return null;
  }
}
