import { Readable } from 'node:stream';
import { PSE1 } from '../../../common/paste-crypto/index.js';
import { type BlobStore, newBlobKey } from '../../infra/blob-store/index.js';
import { decodeStrictBase64, isPse1Stream } from '../pastes/encrypted-content.js';

/**
 * End-to-end encrypted pastes in a backup. The backup is JSON text, so their sealed
 * bytes travel as standard base64, as in the API's JSON; the import turns that text back into the
 * bytes the blob store keeps. Streamed both ways: a sealed file may be hundreds of MB.
 */

/** The base64 of a byte stream, in pieces (each a whole number of 3-byte groups but the last). */
export async function* base64Of(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let rest = Buffer.alloc(0);
  for await (const chunk of source) {
    const bytes = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 3);
    if (whole) yield bytes.subarray(0, whole).toString('base64');
    rest = Buffer.from(bytes.subarray(whole));
  }
  if (rest.length) yield rest.toString('base64');
}

const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes of base64 text that arrives in pieces; throws on anything that is not base64. */
async function* bytesOfBase64(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let rest = '';
  for await (const chunk of source) {
    const text = rest + chunk.toString('latin1');
    const whole = text.length - (text.length % 4);
    const piece = text.slice(0, whole);
    if (!BASE64_TEXT.test(piece) || (piece.includes('=') && whole !== text.length)) {
      throw new Error('not base64');
    }
    if (piece) yield Buffer.from(piece, 'base64');
    rest = text.slice(whole);
  }
  if (rest) throw new Error('not base64');
}

type StoredContent = { content: string | null; blob_key: string | null; size_bytes: number };

/**
 * A restored encrypted paste's content, stored as text the way any paste's is, as the sealed
 * bytes instead (a new blob, listed in `written` so a refused import deletes it). Null when the
 * text is not base64 of a pse1 stream; the text's own blob is deleted either way.
 */
export async function sealedFromBase64(
  blobs: BlobStore,
  stored: StoredContent,
  written: string[],
): Promise<StoredContent | null> {
  const key = newBlobKey('pastes');
  written.push(key);
  let size = 0;
  const head: Buffer[] = [];
  async function* counted(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const b of source) {
      if (size < PSE1.HEADER_BYTES) head.push(b.subarray(0, PSE1.HEADER_BYTES - size));
      size += b.length;
      yield b;
    }
  }
  try {
    if (stored.content !== null) {
      const bytes = decodeStrictBase64(stored.content);
      if (!bytes) return null;
      await blobs.put(key, bytes);
      size = bytes.length;
      head.push(bytes.subarray(0, PSE1.HEADER_BYTES));
    } else {
      const text = (await blobs.get(stored.blob_key!)) as AsyncIterable<Buffer>;
      await blobs.put(key, Readable.from(counted(bytesOfBase64(text))));
    }
  } catch {
    await blobs.delete(key);
    return null;
  } finally {
    if (stored.blob_key) await blobs.delete(stored.blob_key);
  }
  if (!isPse1Stream(Buffer.concat(head), size)) {
    await blobs.delete(key);
    return null;
  }
  return { content: null, blob_key: key, size_bytes: size };
}
