import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { VERY_LARGE_PASTE_BYTES } from '../../../common/constants.js';
import { tooLargeMessage } from '../../../common/schemas/paste.js';
import { AppError } from '../../errors.js';
import { type BlobStore, newBlobKey } from '../../infra/blob-store/index.js';
import type { StreamScan } from '../../infra/clamd/clamd-client.js';
import { encodeUtf8InSlices } from '../../lib/utf8-slices.js';
import { keptBeside, type LineIndexes } from '../line-index/line-index-store.js';
import type { ReceivedContent } from './content-intake.js';
import { INLINE_CONTENT_MAX_BYTES } from './pastes.limits.js';

/** A JSON create's text, or content already received from a stream (see content-intake). */
export type PasteContent = string | ReceivedContent;

/** Where a paste's text lives: in the row (inline) or in the blob store. */
export interface StoredContent {
  size: number;
  inline: string | null;
  blobKey: string | null;
}

/** Content longer than this (always a blob) is encoded in slices; see encodeUtf8InSlices. */
const LARGE_CONTENT_CHARS = 1024 * 1024;

/**
 * Content as the row and the blob store take it (creates and edits alike): inline text or a
 * stored blob, and its size, refused over `limit` before anything is written. Content past the
 * very-large size (whose page shows a window of it, or the huge viewer) gets its line index
 * beside it, built from the same encoded slices a turn at a time; received content got its own
 * as it arrived (content-intake). A text's bytes also feed `malwareScan`, when given.
 */
export async function storeContent(
  blobs: BlobStore,
  content: PasteContent,
  limit: number,
  lineIndexes?: LineIndexes,
  malwareScan?: StreamScan | null,
): Promise<StoredContent> {
  if (typeof content !== 'string') {
    if (content.size > limit) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(content.size, limit));
    return { size: content.size, inline: content.inline, blobKey: content.blobKey };
  }
  // Large content is encoded once, in slices that leave the event loop to other requests.
  const encoded = content.length > LARGE_CONTENT_CHARS ? await encodeUtf8InSlices(content) : null;
  const size = encoded ? encoded.size : Buffer.byteLength(content, 'utf8');
  if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(size, limit));
  // PostgreSQL text cannot hold NUL: such content goes to the blob store, which keeps bytes.
  const hasNul = encoded ? encoded.hasNul : content.includes('\u0000');
  const inline = size <= INLINE_CONTENT_MAX_BYTES && !hasNul;
  // Row text is encoded only for the scanner; the scanner reads the bytes the blob store gets.
  const chunks = encoded ? encoded.chunks : inline && !malwareScan ? [] : [Buffer.from(content, 'utf8')];
  if (malwareScan) for (const chunk of chunks) await malwareScan.push(chunk);
  if (inline) return { size, inline: content, blobKey: null };
  const blobKey = newBlobKey('pastes');
  await blobs.put(blobKey, encoded ? Readable.from(chunks) : chunks[0]!);
  if (lineIndexes && size > VERY_LARGE_PASTE_BYTES) {
    const builder = lineIndexes.builder();
    for (const chunk of chunks) {
      builder.push(chunk);
      await nextTurn();
    }
    await keptBeside(blobs, blobKey, lineIndexes.save(blobKey, builder.finish()));
  }
  return { size, inline: null, blobKey };
}

/** The text kept in a row or a blob, whole (a revision's or a paste's, at most 10 MB where used). */
export async function readText(
  blobs: BlobStore,
  where: { content: string | null; blob_key: string | null },
): Promise<string> {
  if (where.content !== null) return where.content;
  return (await buffer(await blobs.get(where.blob_key!))).toString('utf8');
}
