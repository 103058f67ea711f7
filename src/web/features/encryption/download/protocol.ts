/** What the page and the decrypting download Worker say to each other (decrypt-download.worker.ts). */

/** The OPFS folder the Worker writes plaintext into; its files are removed once saved. */
export const OPFS_FOLDER = 'pasteshare-decrypted';

export interface DecryptDownloadRequest {
  /** The paste's download URL (its access grant in the query, when it has one). */
  url: string;
  /** Extra request headers (a burn paste's creator token). */
  headers: Record<string, string>;
  /** The key from the link's fragment. */
  keyText: string;
  /** The paste's sealed title, opened for the file's name (and as the key check). */
  sealedTitle: string | null;
  /** The OPFS file to write, inside OPFS_FOLDER. */
  entryName: string;
}

/** Why a decrypting download failed; the page turns each into its message. */
export type DecryptDownloadFailure =
  /** Wrong key, an altered, moved or missing chunk, or a cut-off end: nothing is kept. */
  | { kind: 'undecryptable' }
  /** The server answered with an error (its JSON message, when it gave one). */
  | { kind: 'http'; status: number; message: string | null }
  /** The download could not be fetched, or broke off. */
  | { kind: 'network'; message: string }
  /** The browser's private file storage refused (no OPFS, quota). */
  | { kind: 'storage'; message: string };

export type DecryptDownloadMessage =
  | { type: 'progress'; received: number; total: number | null }
  | { type: 'done'; size: number; title: string | null }
  | { type: 'failed'; failure: DecryptDownloadFailure };
