import type { LineIndex } from './format.js';

export interface LineIndexOptions {
  lineStride: number;
  byteStride: number;
  /** When reached, every other entry is dropped and both strides double. */
  maxEntries: number;
}

/**
 * An entry every 1,000 lines, or sooner at the first line start 64 KiB past the previous one.
 * The line stride keeps a window's skip short in lines (counting 1,000 newlines is microseconds);
 * the byte stride keeps it short in bytes when lines are long (a window of 10 KB lines would
 * otherwise read up to 10 MB to skip). A 1 GB log of 100-byte lines gets ~16,000 entries (256 KB).
 * At 65,536 entries (1 MiB) the strides double, so memory stays bounded whatever the size.
 */
export const DEFAULT_LINE_INDEX_OPTIONS: LineIndexOptions = {
  lineStride: 1_000,
  byteStride: 64 * 1024,
  maxEntries: 65_536,
};

const LF = 10;

/**
 * Builds a line index from the bytes as they pass (push every chunk in order, then finish), in
 * memory bounded by maxEntries: it can ride along any read or write of the content.
 */
export class LineIndexBuilder {
  private lineStride: number;
  private byteStride: number;
  private readonly maxEntries: number;
  private lines: number[] = [1];
  private offsets: number[] = [0];
  private newlines = 0;
  private size = 0;
  private endsWithLf = false;

  constructor(opts: LineIndexOptions = DEFAULT_LINE_INDEX_OPTIONS) {
    this.lineStride = opts.lineStride;
    this.byteStride = opts.byteStride;
    this.maxEntries = Math.max(2, opts.maxEntries);
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    let lastLine = this.lines[this.lines.length - 1]!;
    let lastOffset = this.offsets[this.offsets.length - 1]!;
    for (let p = buf.indexOf(LF); p !== -1; p = buf.indexOf(LF, p + 1)) {
      this.newlines++;
      const line = this.newlines + 1;
      const start = this.size + p + 1;
      if (line - lastLine >= this.lineStride || start - lastOffset >= this.byteStride) {
        this.record(line, start);
        lastLine = this.lines[this.lines.length - 1]!;
        lastOffset = this.offsets[this.offsets.length - 1]!;
      }
    }
    this.size += buf.length;
    this.endsWithLf = buf[buf.length - 1] === LF;
  }

  finish(): LineIndex {
    const totalLines = this.newlines + (this.endsWithLf ? 0 : 1);
    // A final LF's "next line" is no line: its entry, if one was made, goes.
    let n = this.lines.length;
    while (n > 1 && this.lines[n - 1]! > totalLines) n--;
    return {
      lineStride: this.lineStride,
      byteStride: this.byteStride,
      totalLines,
      sizeBytes: this.size,
      lines: Float64Array.from(this.lines.slice(0, n)),
      offsets: Float64Array.from(this.offsets.slice(0, n)),
    };
  }

  private record(line: number, offset: number): void {
    this.lines.push(line);
    this.offsets.push(offset);
    if (this.lines.length < this.maxEntries) return;
    // Every other entry goes: a window's skip then spans at most two of the earlier gaps.
    this.lines = this.lines.filter((_, i) => i % 2 === 0);
    this.offsets = this.offsets.filter((_, i) => i % 2 === 0);
    this.lineStride *= 2;
    this.byteStride *= 2;
  }
}

/** The index of a whole stream of bytes (a lazy build, or content already in memory). */
export async function buildLineIndex(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  opts: LineIndexOptions = DEFAULT_LINE_INDEX_OPTIONS,
): Promise<LineIndex> {
  const builder = new LineIndexBuilder(opts);
  for await (const chunk of source) builder.push(chunk);
  return builder.finish();
}
