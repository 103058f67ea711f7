/**
 * A paste's line index: where some lines start, so a window of lines or a search can begin near
 * any line number with one ranged read instead of reading the text from its first byte.
 *
 * Stored beside the content blob (see line-index-store.ts) in this binary form, little-endian:
 *
 *   0  'PLIX'            magic
 *   4  u16 version       1
 *   6  u16               0 (reserved)
 *   8  u32 lineStride    an entry at least every lineStride lines …
 *  12  u32 byteStride    … and at the first line start byteStride bytes past the previous entry
 *  16  f64 totalLines    as the web app counts them (splitLines): a final line without a line
 *                        end counts, a final LF starts no empty line; empty text is one line
 *  24  f64 sizeBytes
 *  32  u32 entryCount
 *  36  u32               0 (reserved)
 *  40  entryCount × (f64 line, f64 offset): line `line` (1-based) starts at byte `offset`;
 *      ascending; the first is always (1, 0).
 *
 * f64 holds every integer below 2^53 exactly, and reads without BigInt.
 */
export interface LineIndex {
  lineStride: number;
  byteStride: number;
  totalLines: number;
  sizeBytes: number;
  /** Line numbers of the entries, ascending. */
  lines: Float64Array;
  /** Byte offsets of the entries, ascending. */
  offsets: Float64Array;
}

const MAGIC = 'PLIX';
const VERSION = 1;
const HEADER_BYTES = 40;
const ENTRY_BYTES = 16;

export class LineIndexFormatError extends Error {}

export function encodeLineIndex(index: LineIndex): Buffer {
  const n = index.lines.length;
  const out = Buffer.alloc(HEADER_BYTES + n * ENTRY_BYTES);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt16LE(VERSION, 4);
  out.writeUInt32LE(index.lineStride, 8);
  out.writeUInt32LE(index.byteStride, 12);
  out.writeDoubleLE(index.totalLines, 16);
  out.writeDoubleLE(index.sizeBytes, 24);
  out.writeUInt32LE(n, 32);
  for (let i = 0; i < n; i++) {
    out.writeDoubleLE(index.lines[i]!, HEADER_BYTES + i * ENTRY_BYTES);
    out.writeDoubleLE(index.offsets[i]!, HEADER_BYTES + i * ENTRY_BYTES + 8);
  }
  return out;
}

/** Reads an index; a damaged or unknown one is refused (the caller builds it again). */
export function decodeLineIndex(data: Buffer): LineIndex {
  if (data.length < HEADER_BYTES || data.toString('latin1', 0, 4) !== MAGIC) {
    throw new LineIndexFormatError('Not a line index');
  }
  if (data.readUInt16LE(4) !== VERSION) throw new LineIndexFormatError('Unknown line index version');
  const n = data.readUInt32LE(32);
  if (n < 1 || data.length !== HEADER_BYTES + n * ENTRY_BYTES) {
    throw new LineIndexFormatError('Line index of the wrong length');
  }
  const lines = new Float64Array(n);
  const offsets = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lines[i] = data.readDoubleLE(HEADER_BYTES + i * ENTRY_BYTES);
    offsets[i] = data.readDoubleLE(HEADER_BYTES + i * ENTRY_BYTES + 8);
  }
  return {
    lineStride: data.readUInt32LE(8),
    byteStride: data.readUInt32LE(12),
    totalLines: data.readDoubleLE(16),
    sizeBytes: data.readDoubleLE(24),
    lines,
    offsets,
  };
}

/** The last entry at or before line `line` (the place a read of that line starts from). */
export function entryAtOrBefore(index: LineIndex, line: number): number {
  let lo = 0;
  let hi = index.lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (index.lines[mid]! <= line) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
