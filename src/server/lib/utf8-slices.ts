import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Characters encoded per event-loop turn: about 1–3 MB of UTF-8, a few milliseconds. */
const SLICE_CHARS = 1024 * 1024;

export interface EncodedText {
  chunks: Buffer[];
  size: number;
  hasNul: boolean;
}

/**
 * The text in slices of about SLICE_CHARS, a turn of the event loop between them, never splitting a
 * surrogate pair: each slice encodes to exactly its part of the whole text's UTF-8.
 */
async function* slicesOf(text: string): AsyncGenerator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + SLICE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    if (start > 0) await nextTurn();
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * The UTF-8 bytes of a large string, encoded a slice per event-loop turn: encoding 50 MB in one
 * call blocks every other request for a quarter of a second or more. The bytes are those of
 * Buffer.from(text).
 */
export async function encodeUtf8InSlices(text: string): Promise<EncodedText> {
  const chunks: Buffer[] = [];
  let size = 0;
  let hasNul = false;
  for await (const slice of slicesOf(text)) {
    const chunk = Buffer.from(slice, 'utf8');
    chunks.push(chunk);
    size += chunk.length;
    hasNul ||= chunk.includes(0);
  }
  return { chunks, size, hasNul };
}

/** The hex SHA-256 of the text's UTF-8, hashed a slice per event-loop turn (10 MB: ~20 ms whole). */
export async function sha256InSlices(text: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const slice of slicesOf(text)) hash.update(slice, 'utf8');
  return hash.digest('hex');
}
