import {
  createOpenStream,
  DecryptError,
  type DecryptFailure,
  importKeyText,
  openTitle,
} from '../../../src/common/paste-crypto/index.js';
import type { Client } from '../client.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { piecesOf, Spool } from '../spool.js';

export const KEY_MISSING = "end-to-end encrypted: the link's #key is missing";

const WHY: Record<DecryptFailure, string> = {
  'key-or-tampered': "the link's key does not open this paste (a wrong key, or the paste was altered)",
  truncated: 'the paste ends before its last chunk (it was cut short): nothing of it is printed',
  format: 'the paste is not in an encrypted format this client reads',
};

const refusal = (reason: DecryptFailure) => new CliError(WHY[reason], EXIT.refused);

/** The key a link carries, as WebCrypto takes it; a usage error when there is none. */
export async function keyOf(keyText: string | undefined): Promise<CryptoKey> {
  if (keyText === undefined) throw usageError(KEY_MISSING);
  const key = await importKeyText(keyText);
  if (!key) throw usageError("the link's #key is not a key (43 characters of base64url)");
  return key;
}

/**
 * The key checked against the paste's sealed title, read without claiming anything
 * (`?reveal=false`): done before a burn-after-reading paste is read, so a wrong key does not
 * destroy it unread.
 */
export async function checkKey(client: Client, id: string, key: CryptoKey): Promise<void> {
  const view = await client.api('GET /api/pastes/:id', { params: { id }, query: { reveal: 'false' } });
  try {
    await openTitle(key, view.sealedTitle ?? '');
  } catch (e) {
    if (e instanceof DecryptError) throw refusal(e.reason);
    throw e;
  }
}

/**
 * The plaintext of a sealed stream, decrypted as it arrives (pse1 chunk by chunk: memory stays
 * flat) into a spool, handed over only when every chunk and the end have authenticated. Nothing
 * of a paste that fails, even late, is printed. The caller disposes of the spool.
 */
export async function decryptToSpool(sealed: ReadableStream<Uint8Array>, key: CryptoKey): Promise<Spool> {
  const spool = new Spool();
  try {
    for await (const plain of piecesOf(sealed.pipeThrough(createOpenStream(key)))) await spool.write(plain);
    return spool;
  } catch (e) {
    await spool.dispose();
    if (e instanceof DecryptError) throw refusal(e.reason);
    throw e;
  }
}
