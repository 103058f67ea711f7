import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PSE1 } from '../../../common/paste-crypto/index.js';
import { isPse1Stream } from '../pastes/encrypted-content.js';

/** The assembled bytes are not what the paste said they would be (UTF-8 text, or a pse1 stream). */
export class RefusedContentError extends Error {}

/**
 * Reads the assembled blob once, checking it is what the paste is: UTF-8 text (a chunk boundary
 * may split a character: the decoder streams across them) or, for an encrypted paste, a pse1
 * stream whose header and size fit (its text only the key holder can check). Reports
 * progress as it goes and returns the bytes' sha256 (hex), computed on the same pass, for clients
 * to check their upload against. `alsoTo` and `scan` see every chunk of that pass too (the line
 * index, the malware scan).
 */
export async function checkAssembled(
  source: Readable,
  totalBytes: number,
  onProgress: (fraction: number) => Promise<void>,
  opts: {
    reportEveryBytes: number;
    pauseMs: number;
    alsoTo?: { push(chunk: Buffer): void };
    /** The malware scan, fed on the same pass; it paces the read (its socket drains first). */
    scan?: { push(chunk: Buffer): Promise<void> };
    sealed: boolean;
  },
): Promise<string> {
  const decoder = opts.sealed ? null : new TextDecoder('utf-8', { fatal: true });
  const digest = createHash('sha256');
  const head: Buffer[] = [];
  let seen = 0;
  let nextReport = opts.reportEveryBytes;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      decoder?.decode(chunk, { stream: true });
      if (opts.sealed && seen < PSE1.HEADER_BYTES) head.push(chunk.subarray(0, PSE1.HEADER_BYTES - seen));
      digest.update(chunk);
      opts.alsoTo?.push(chunk);
      if (opts.scan) await opts.scan.push(chunk);
      seen += chunk.length;
      if (seen >= nextReport) {
        nextReport = seen + opts.reportEveryBytes;
        await onProgress(totalBytes === 0 ? 1 : seen / totalBytes);
        if (opts.pauseMs > 0) await new Promise((r) => setTimeout(r, opts.pauseMs));
      }
    }
    decoder?.decode();
    if (opts.sealed && !isPse1Stream(Buffer.concat(head), seen)) throw new RefusedContentError();
    return digest.digest('hex');
  } catch (e) {
    if (e instanceof TypeError) throw new RefusedContentError();
    throw e;
  } finally {
    source.destroy();
  }
}
