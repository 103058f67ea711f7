import { sealedSize } from './format.js';
import { openBytes, sealBytes } from './seal.js';

/**
 * Where the lines of an encrypted paste's chunks start (the huge-paste viewer on end-to-end encrypted content). The server cannot
 * read the text, so its reader needs this table to open only the chunks a window of lines needs.
 * The uploader counts it while sealing and sends it sealed under the paste's key beside the
 * content (`sealedLineTable` at finalize); without it, the reader's tab counts the lines itself
 * by decrypting the whole stream once. Format in docs/encryption.md.
 */

const LF = 10;

/** Where each chunk of the plaintext starts, in lines. */
export interface LineTable {
  /** Plaintext bytes per chunk (the last one may hold fewer). */
  chunkBytes: number;
  chunks: number;
  plainBytes: number;
  totalLines: number;
  /** The line (1-based) chunk i's first byte belongs to. */
  firstLine: Float64Array;
  /** 1 when chunk i starts a line (its first byte follows a LF, or is the text's first). */
  startsLine: Uint8Array;
}

/** The chunk layout a table must fit: the sealed stream's, from its header and size. */
export type ChunkLayout = Pick<LineTable, 'chunkBytes' | 'chunks' | 'plainBytes'>;

/** Counts line ends through the plaintext as it streams by, in pieces of any size. */
export class LineCounter {
  private readonly firstLine: number[] = [];
  private readonly startsLine: number[] = [];
  private newlines = 0;
  private bytes = 0;
  private last = -1;

  constructor(private readonly chunkBytes: number) {}

  get plainBytes(): number {
    return this.bytes;
  }

  add(piece: Uint8Array): void {
    let at = 0;
    while (at < piece.length) {
      if (this.bytes % this.chunkBytes === 0) {
        this.firstLine.push(this.newlines + 1);
        this.startsLine.push(this.last === -1 || this.last === LF ? 1 : 0);
      }
      const end = Math.min(piece.length, at + this.chunkBytes - (this.bytes % this.chunkBytes));
      for (let lf = piece.indexOf(LF, at); lf !== -1 && lf < end; lf = piece.indexOf(LF, lf + 1)) {
        this.newlines += 1;
      }
      this.bytes += end - at;
      this.last = piece[end - 1]!;
      at = end;
    }
  }

  finish(): LineTable {
    // An empty text is one empty chunk holding one empty line.
    const firstLine = this.firstLine.length > 0 ? this.firstLine : [1];
    const startsLine = this.startsLine.length > 0 ? this.startsLine : [1];
    return {
      chunkBytes: this.chunkBytes,
      chunks: firstLine.length,
      plainBytes: this.bytes,
      totalLines: this.newlines + (this.last === LF ? 0 : 1),
      firstLine: Float64Array.from(firstLine),
      startsLine: Uint8Array.from(startsLine),
    };
  }
}

/**
 * Whether a table read from elsewhere (the uploader's, or one this tab kept) can describe a
 * stream of this layout: one entry per chunk, lines that never go back, the first chunk on line 1.
 * What it cannot prove, that its lines are the text's, each chunk checks when it is opened
 * (chunkMatchesTable).
 */
export function fitsLayout(table: Omit<LineTable, keyof ChunkLayout>, layout: ChunkLayout): boolean {
  const { firstLine, startsLine, totalLines } = table;
  if (firstLine.length !== layout.chunks || startsLine.length !== layout.chunks) return false;
  if (firstLine[0] !== 1 || startsLine[0] !== 1) return false;
  for (let i = 0; i < layout.chunks; i += 1) {
    const line = firstLine[i]!;
    if (!Number.isSafeInteger(line) || (i > 0 && line < firstLine[i - 1]!)) return false;
    if (startsLine[i] !== 0 && startsLine[i] !== 1) return false;
  }
  return Number.isSafeInteger(totalLines) && totalLines >= firstLine[layout.chunks - 1]!;
}

/**
 * Whether chunk `index`'s plaintext agrees with the table: as many line ends as the next entry
 * says, and it ends with a LF exactly when the next chunk starts a line (or, for the last chunk,
 * the total says so).
 */
export function chunkMatchesTable(table: LineTable, index: number, plain: Uint8Array): boolean {
  let newlines = 0;
  for (let lf = plain.indexOf(LF); lf !== -1; lf = plain.indexOf(LF, lf + 1)) newlines += 1;
  const endsWithLf = plain.length > 0 && plain[plain.length - 1] === LF;
  const last = index === table.chunks - 1;
  const nextFirst = last ? table.totalLines + (endsWithLf ? 1 : 0) : table.firstLine[index + 1]!;
  if (table.firstLine[index]! + newlines !== nextFirst) return false;
  return last || (table.startsLine[index + 1] === 1) === endsWithLf;
}

/** "PSL1": a line table, version 1. */
const MAGIC = [0x50, 0x53, 0x4c, 0x31];
const HEAD_BYTES = 28;
/** The sealed table is one stream of 64 KiB chunks (a table of 1 GB is ~9 KB). */
const SEAL_CHUNK_LOG2 = 16;

/**
 * The table as bytes, little-endian: "PSL1", chunkBytes u32, chunks u32, plainBytes f64,
 * totalLines f64, then firstLine as f64 × chunks and startsLine as u8 × chunks.
 */
export function encodeLineTable(table: LineTable): Uint8Array {
  const out = new Uint8Array(HEAD_BYTES + table.chunks * 9);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint32(4, table.chunkBytes, true);
  view.setUint32(8, table.chunks, true);
  view.setFloat64(12, table.plainBytes, true);
  view.setFloat64(20, table.totalLines, true);
  for (let i = 0; i < table.chunks; i += 1) view.setFloat64(HEAD_BYTES + i * 8, table.firstLine[i]!, true);
  out.set(table.startsLine.subarray(0, table.chunks), HEAD_BYTES + table.chunks * 8);
  return out;
}

/** The table in `bytes` if it is one for this layout; null for anything else. */
export function decodeLineTable(bytes: Uint8Array, layout: ChunkLayout): LineTable | null {
  if (bytes.length < HEAD_BYTES || MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks = view.getUint32(8, true);
  if (bytes.length !== HEAD_BYTES + chunks * 9) return null;
  const table: LineTable = {
    chunkBytes: view.getUint32(4, true),
    chunks,
    plainBytes: view.getFloat64(12, true),
    totalLines: view.getFloat64(20, true),
    firstLine: Float64Array.from({ length: chunks }, (_, i) => view.getFloat64(HEAD_BYTES + i * 8, true)),
    startsLine: bytes.slice(HEAD_BYTES + chunks * 8),
  };
  const sameLayout =
    table.chunkBytes === layout.chunkBytes &&
    chunks === layout.chunks &&
    table.plainBytes === layout.plainBytes;
  return sameLayout && fitsLayout(table, layout) ? table : null;
}

/** The bytes of a sealed table of a stream of `chunks` chunks: known before the table is counted. */
export function sealedLineTableSize(chunks: number): number {
  return sealedSize(HEAD_BYTES + chunks * 9, SEAL_CHUNK_LOG2);
}

/** The table sealed under the paste's key (a pse1 stream of its own), for finalize's `sealedLineTable`. */
export function sealLineTable(key: CryptoKey, table: LineTable): Promise<Uint8Array> {
  return sealBytes(key, encodeLineTable(table), { chunkLog2: SEAL_CHUNK_LOG2 });
}

/**
 * The table in a sealed one, for the stream of this layout; null when it opens but is no table
 * for it. DecryptError when it does not open under this key.
 */
export async function openLineTable(
  key: CryptoKey,
  sealed: Uint8Array,
  layout: ChunkLayout,
): Promise<LineTable | null> {
  return decodeLineTable(await openBytes(key, sealed), layout);
}
