import {
  exportKeyText,
  generateKey,
  sealText,
  sealTitle,
  toBase64,
} from '../../../../common/paste-crypto/index';

/** What the create sends for an encrypted paste, and the key that goes only into the link. */
export interface SealedPaste {
  /** 43 base64url characters: the link's fragment, never sent to the server. */
  keyText: string;
  /** Standard base64 of the pse1 stream (the create's `content`). */
  content: string;
  /** Base64url of the title's own pse1 stream (the create's `sealedTitle`). */
  sealedTitle: string;
}

/**
 * Seals a paste's text and title under a new random key, in this tab. Loaded only when an
 * encrypted paste is created (import('./seal-paste')): the crypto code stays out of the first load.
 */
export async function sealPaste(text: string, title: string): Promise<SealedPaste> {
  const key = await generateKey();
  const [sealed, sealedTitle, keyText] = await Promise.all([
    sealText(key, text),
    sealTitle(key, title),
    exportKeyText(key),
  ]);
  return { keyText, content: toBase64(sealed), sealedTitle };
}
