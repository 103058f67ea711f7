import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** The assembled bytes are not UTF-8 text. */
export class NotUtf8Error extends Error {}

/**
 * Reads the assembled blob once, checking it is UTF-8 text (a chunk boundary may split a
 * character: the decoder streams across them), and reports progress as it goes. Returns the
 * bytes' sha256 (hex), computed on the same pass, for clients to check their upload against.
 * `alsoTo` sees every chunk of that pass too (the paste's line index is built from it).
 */
export async function checkUtf8(
  source: Readable,
  totalBytes: number,
  onProgress: (fraction: number) => Promise<void>,
  opts: { reportEveryBytes: number; pauseMs: number; alsoTo?: { push(chunk: Buffer): void } },
): Promise<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const digest = createHash('sha256');
  let seen = 0;
  let nextReport = opts.reportEveryBytes;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      decoder.decode(chunk, { stream: true });
      digest.update(chunk);
      opts.alsoTo?.push(chunk);
      seen += chunk.length;
      if (seen >= nextReport) {
        nextReport = seen + opts.reportEveryBytes;
        await onProgress(totalBytes === 0 ? 1 : seen / totalBytes);
        if (opts.pauseMs > 0) await new Promise((r) => setTimeout(r, opts.pauseMs));
      }
    }
    decoder.decode();
    return digest.digest('hex');
  } catch (e) {
    if (e instanceof TypeError) throw new NotUtf8Error();
    throw e;
  } finally {
    source.destroy();
  }
}
