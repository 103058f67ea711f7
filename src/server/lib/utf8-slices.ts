import { setImmediate as nextTurn } from 'node:timers/promises';

/** Characters encoded per event-loop turn: about 1–3 MB of UTF-8, a few milliseconds. */
const SLICE_CHARS = 1024 * 1024;

export interface EncodedText {
  chunks: Buffer[];
  size: number;
  hasNul: boolean;
}

/**
 * The UTF-8 bytes of a large string, encoded a slice per event-loop turn: encoding 50 MB in one
 * call blocks every other request for a quarter of a second or more. Slices never split a
 * surrogate pair, so the bytes are those of Buffer.from(text).
 */
export async function encodeUtf8InSlices(text: string): Promise<EncodedText> {
  const chunks: Buffer[] = [];
  let size = 0;
  let hasNul = false;
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + SLICE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const chunk = Buffer.from(text.slice(start, end), 'utf8');
    chunks.push(chunk);
    size += chunk.length;
    hasNul ||= chunk.includes(0);
    start = end;
    if (start < text.length) await nextTurn();
  }
  return { chunks, size, hasNul };
}
