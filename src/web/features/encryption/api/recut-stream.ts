/**
 * A byte stream re-cut into pieces of exactly `size` bytes (the last one shorter, never empty),
 * each yielded as the list of the stream's own chunks (views, nothing copied) that make it up: a
 * chunk across a boundary is split between two pieces. The stream is read only as fast as pieces
 * are taken, which keeps memory to about one piece whatever the stream's length.
 */
export async function* recutStream(
  source: ReadableStream<Uint8Array>,
  size: number,
): AsyncGenerator<Uint8Array[]> {
  if (!Number.isInteger(size) || size <= 0) throw new RangeError(`piece size must be a positive integer`);
  const reader = source.getReader();
  let parts: Uint8Array[] = [];
  let filled = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let at = 0; at < value.length; ) {
        const n = Math.min(size - filled, value.length - at);
        parts.push(value.subarray(at, at + n));
        filled += n;
        at += n;
        if (filled === size) {
          const piece = parts;
          parts = [];
          filled = 0;
          yield piece;
        }
      }
    }
    finished = true;
    if (filled > 0) yield parts;
  } finally {
    // Stopped early (a failed upload): the source is cancelled, so nothing keeps reading the file.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
