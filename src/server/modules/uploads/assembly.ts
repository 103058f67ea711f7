import type { Readable } from 'node:stream';

/** The assembled bytes are not UTF-8 text. */
export class NotUtf8Error extends Error {}

/**
 * Reads the assembled blob once, checking it is UTF-8 text (a chunk boundary may split a
 * character: the decoder streams across them), and reports progress as it goes.
 */
export async function checkUtf8(
  source: Readable,
  totalBytes: number,
  onProgress: (fraction: number) => Promise<void>,
  opts: { reportEveryBytes: number; pauseMs: number },
): Promise<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let seen = 0;
  let nextReport = opts.reportEveryBytes;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      decoder.decode(chunk, { stream: true });
      seen += chunk.length;
      if (seen >= nextReport) {
        nextReport = seen + opts.reportEveryBytes;
        await onProgress(totalBytes === 0 ? 1 : seen / totalBytes);
        if (opts.pauseMs > 0) await new Promise((r) => setTimeout(r, opts.pauseMs));
      }
    }
    decoder.decode();
  } catch (e) {
    if (e instanceof TypeError) throw new NotUtf8Error();
    throw e;
  } finally {
    source.destroy();
  }
}
