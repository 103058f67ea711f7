import { DecryptError, PSE1, parseHeader } from './format.js';
import { newHeader, openChunk, type SealOptions, sealChunk } from './seal.js';

/**
 * Chunks in flight at once. WebCrypto copies its input when called, so the next chunk can be
 * gathered while earlier ones are sealed or opened; results still leave in order.
 */
const IN_FLIGHT = 4;

/** Results of async steps, written out in the order they were started. */
function orderedPipeline(controller: TransformStreamDefaultController<Uint8Array>) {
  const pending: Promise<Uint8Array>[] = [];
  return {
    async add(step: Promise<Uint8Array>): Promise<void> {
      // A rejection is seen when its turn comes; until then it must not count as unhandled.
      step.catch(() => {});
      pending.push(step);
      if (pending.length >= IN_FLIGHT) controller.enqueue(await pending.shift()!);
    },
    async drain(): Promise<void> {
      while (pending.length > 0) controller.enqueue(await pending.shift()!);
    },
  };
}

/**
 * Plaintext bytes in, a pse1 stream out (header, then sealed chunks). A chunk is known to be the
 * last only when the input ends, so one full chunk is held until more bytes come.
 */
export function createSealStream(
  key: CryptoKey,
  opts: SealOptions = {},
): TransformStream<Uint8Array, Uint8Array> {
  const header = newHeader(opts);
  const size = 2 ** header[4]!;
  const buf = new Uint8Array(size);
  let fill = 0;
  let index = 0;
  let out: ReturnType<typeof orderedPipeline>;
  return new TransformStream({
    start(controller) {
      out = orderedPipeline(controller);
      controller.enqueue(header);
    },
    async transform(chunk) {
      let at = 0;
      while (at < chunk.length) {
        if (fill === size) {
          await out.add(sealChunk(key, header, index++, buf, false));
          fill = 0;
        }
        const n = Math.min(size - fill, chunk.length - at);
        buf.set(chunk.subarray(at, at + n), fill);
        fill += n;
        at += n;
      }
    },
    async flush() {
      await out.add(sealChunk(key, header, index, buf.subarray(0, fill), true));
      await out.drain();
    },
  });
}

/**
 * A pse1 stream in, plaintext out. Errors with DecryptError on a wrong key, an altered, moved or
 * missing chunk, or a cut-off end. Chunks before a bad one have already been written out by then:
 * whoever reads this stream must discard everything when it errors.
 */
export function createOpenStream(key: CryptoKey): TransformStream<Uint8Array, Uint8Array> {
  const head = new Uint8Array(PSE1.HEADER_BYTES);
  let headFill = 0;
  let buf: Uint8Array | null = null;
  let fill = 0;
  let index = 0;
  let out: ReturnType<typeof orderedPipeline>;
  return new TransformStream({
    start(controller) {
      out = orderedPipeline(controller);
    },
    async transform(chunk) {
      let at = 0;
      if (buf === null) {
        const n = Math.min(PSE1.HEADER_BYTES - headFill, chunk.length);
        head.set(chunk.subarray(0, n), headFill);
        headFill += n;
        at = n;
        if (headFill < PSE1.HEADER_BYTES) return;
        buf = new Uint8Array(2 ** parseHeader(head).chunkLog2 + PSE1.TAG_BYTES);
      }
      while (at < chunk.length) {
        // More bytes after a full chunk: that chunk was not the last.
        if (fill === buf.length) {
          await out.add(openChunk(key, head, index++, buf, false));
          fill = 0;
        }
        const n = Math.min(buf.length - fill, chunk.length - at);
        buf.set(chunk.subarray(at, at + n), fill);
        fill += n;
        at += n;
      }
    },
    async flush() {
      if (buf === null) {
        throw new DecryptError(headFill === 0 ? 'truncated' : 'format');
      }
      // The sealer never ends with an empty chunk after full ones (isValidSealedLayout).
      if (fill < PSE1.TAG_BYTES || (index > 0 && fill === PSE1.TAG_BYTES)) {
        throw new DecryptError(fill === 0 ? 'truncated' : 'format');
      }
      await out.add(openChunk(key, head, index, buf.subarray(0, fill), true));
      await out.drain();
    },
  });
}
