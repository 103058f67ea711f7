import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ByteRange } from '../../../infra/blob-store/index.js';
import type { FileManifest, FileSpan } from '../paste-files.js';
import { spansOf } from '../paste-files.js';

const TEXT_TYPE = 'text/plain; charset=utf-8';

/** A stored content read by byte range (the whole when no range). */
export type RangeReader = (range?: ByteRange) => Promise<Readable>;

/** What one file of a multi-file paste is sent as: its own bytes, a window on the content. */
export function fileWindow(read: RangeReader, span: FileSpan) {
  const { entry, start } = span;
  return {
    size: entry.bytes,
    contentType: TEXT_TYPE,
    filename: entry.name,
    async open(range?: ByteRange): Promise<Readable> {
      if (entry.bytes === 0) return Readable.from([]);
      const from = start + (range?.start ?? 0);
      const to = start + (range?.end ?? entry.bytes - 1);
      return read({ start: from, end: to });
    },
  };
}

/**
 * Every file of a paste as one ZIP (deflated), streamed: each file is read from the content only
 * when the archive reaches it, so memory does not grow with the paste's size. Its size is known
 * only once it is written: no Content-Length, no ranges.
 */
export function zipOf(id: string, manifest: FileManifest, read: RangeReader, mtime: Date) {
  return {
    size: null,
    contentType: 'application/zip',
    filename: `${id}.zip`,
    async open(): Promise<Readable> {
      const zip = new ZipFile();
      for (const span of spansOf(manifest)) {
        zip.addReadStreamLazy(span.entry.name, { mtime, size: span.entry.bytes }, (cb) => {
          fileWindow(read, span)
            .open()
            .then(
              (stream) => {
                cb(null, stream);
              },
              (err: Error) => {
                cb(err, undefined as unknown as Readable);
              },
            );
        });
      }
      zip.end();
      // yazl's errors (a blob gone mid-archive) end the answer instead of leaving it hanging.
      const out = new PassThrough();
      zip.on('error', (err: Error) => out.destroy(err));
      return zip.outputStream.pipe(out);
    },
  };
}
