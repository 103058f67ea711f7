/**
 * A byte stream re-cut into pieces of exactly `size` bytes (the last one shorter, never empty).
 * One piece buffer is reused: a yielded view is valid only until the next piece is asked for, so
 * the consumer copies it (into a Blob) before going on. The stream is read only as fast as pieces
 * are taken, which keeps memory to one piece whatever the stream's length.
 */
export async function* recutStream(
  source: ReadableStream<Uint8Array>,
  size: number,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  if (!Number.isInteger(size) || size <= 0) throw new RangeError(`piece size must be a positive integer`);
  const reader = source.getReader();
  const piece = new Uint8Array(new ArrayBuffer(size));
  let filled = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let at = 0; at < value.length; ) {
        const n = Math.min(size - filled, value.length - at);
        piece.set(value.subarray(at, at + n), filled);
        filled += n;
        at += n;
        if (filled === size) {
          filled = 0;
          yield piece;
        }
      }
    }
    finished = true;
    if (filled > 0) yield piece.subarray(0, filled);
  } finally {
    // Stopped early (a failed upload): the source is cancelled, so nothing keeps reading the file.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
