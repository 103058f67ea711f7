import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { type BlobStore, newBlobKey } from '../../infra/blob-store/index.js';
import type { LineIndex } from '../line-index/format.js';
import type { LineIndexes } from '../line-index/line-index-store.js';

/** Where a restored text went: the row (inline) or a new blob, and its size. */
export type StoredContent = { content: string | null; blob_key: string | null; size_bytes: number };

/** What a sink wrote: its lines' index when asked and it went to a blob; its digest when asked. */
export type SunkContent = StoredContent & { lines?: LineIndex; sha256?: string };

/**
 * A text as it streams in from a backup: kept as text while it may stay inline, then written to
 * a new blob as it arrives, so a large paste never becomes one string in memory (as pastes.service
 * stores content: a blob over `inlineMaxBytes` or holding NUL). On the way, the blob's lines are
 * indexed (`lines`: a restored extreme paste opens in the viewer at once) and the text is hashed
 * (`digest`: a revision's text is checked against the digest it is filed under). New blob keys
 * go into `written`, so a refused import deletes them.
 */
export function contentSink(
  deps: { blobs: BlobStore; lineIndexes: Pick<LineIndexes, 'builder'>; inlineMaxBytes: number },
  written: string[],
  wants: { lines: boolean; digest: boolean },
) {
  let parts: string[] = [];
  let bytes = 0;
  let hasNul = false;
  // A high surrogate ending a piece waits for its pair: encoded alone it would be U+FFFD.
  let pending = '';
  let blob: { key: string; stream: PassThrough; stored: Promise<number> } | null = null;
  const lines = wants.lines ? deps.lineIndexes.builder() : null;
  const hash = wants.digest ? createHash('sha256') : null;

  function send(text: string): boolean {
    const encoded = Buffer.from(text, 'utf8');
    lines?.push(encoded);
    hash?.update(encoded);
    return blob!.stream.write(encoded);
  }

  async function push(text: string): Promise<void> {
    bytes += Buffer.byteLength(text, 'utf8');
    hasNul ||= text.includes('\u0000');
    if (!blob && (bytes > deps.inlineMaxBytes || hasNul)) {
      const stream = new PassThrough();
      const key = newBlobKey('pastes');
      written.push(key);
      blob = { key, stream, stored: deps.blobs.put(key, stream) };
      // A failed write rejects `stored`; it is awaited in end().
      blob.stored.catch(() => {});
      send(parts.join(''));
      parts = [];
    }
    if (!blob) parts.push(text);
    else if (!send(text)) await once(blob.stream, 'drain');
  }

  async function write(piece: string): Promise<void> {
    let text = pending + piece;
    const last = text.charCodeAt(text.length - 1);
    pending = last >= 0xd800 && last <= 0xdbff ? text.slice(-1) : '';
    if (pending) text = text.slice(0, -1);
    if (text) await push(text);
  }

  return {
    write,
    async end(): Promise<SunkContent> {
      if (pending) await push(pending);
      const digest = () => (hash ? { sha256: hash.digest('hex') } : {});
      if (!blob) {
        const content = parts.join('');
        hash?.update(content, 'utf8');
        return { content, blob_key: null, size_bytes: bytes, ...digest() };
      }
      blob.stream.end();
      await blob.stored;
      return {
        content: null,
        blob_key: blob.key,
        size_bytes: bytes,
        ...(lines ? { lines: lines.finish() } : {}),
        ...digest(),
      };
    },
  };
}
