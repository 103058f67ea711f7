import { EXTREME_PASTE_BYTES } from '../../../../common/constants';
import {
  exportKeyText,
  generateKey,
  LineCounter,
  PSE1,
  sealBytes,
  sealedSize,
  sealLineTable,
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
  /** The line table, sealed (the create's `sealedLineTable`): only for a paste over 10 MB sealed. */
  sealedLineTable?: string;
}

/**
 * Seals a paste's text and title under a new random key, in this tab. A paste too large to show
 * whole (over 10 MB once sealed) is read through the huge-paste viewer, which opens at once with its line
 * table: that is counted here and sealed too. Loaded only when an encrypted paste is created
 * (import('./seal-paste')): the crypto code stays out of the first load.
 */
export async function sealPaste(text: string, title: string): Promise<SealedPaste> {
  const key = await generateKey();
  const plain = new TextEncoder().encode(text);
  const table = async (): Promise<string | undefined> => {
    // The server measures the sealed bytes: a text just under 10 MB can seal to an extreme paste.
    if (sealedSize(plain.length) <= EXTREME_PASTE_BYTES) return undefined;
    const lines = new LineCounter(2 ** PSE1.DEFAULT_CHUNK_LOG2);
    lines.add(plain);
    return toBase64(await sealLineTable(key, lines.finish()));
  };
  const [sealed, sealedTitle, keyText, sealedLineTable] = await Promise.all([
    sealBytes(key, plain),
    sealTitle(key, title),
    exportKeyText(key),
    table(),
  ]);
  return { keyText, content: toBase64(sealed), sealedTitle, ...(sealedLineTable && { sealedLineTable }) };
}
