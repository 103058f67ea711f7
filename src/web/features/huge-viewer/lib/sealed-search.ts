import type { LineTable } from '../../../../common/paste-crypto/line-table';
import { type ChunkReader, CR, Cursor, concat, cutAt, LF, readBytes } from './sealed-lines';

// Search in an end-to-end encrypted paste, in the browser: the server's search over the decrypted
// chunks (see sealed-lines.ts for how lines are split and found).

/** Where an excerpt of a long line starts: about a fifth of it before the match (as the server). */
const EXCERPT_LEAD_BYTES = 400;

/** A match's text, as the server's search gives it: the line, or an excerpt of a long one around the match. */
async function matchText(
  read: ChunkReader,
  table: LineTable,
  lineStart: number,
  match: number,
  maxChars: number,
): Promise<string> {
  const decoder = () => new TextDecoder('utf-8', { ignoreBOM: true });
  const head = await readBytes(read, table, lineStart, lineStart + maxChars * 4 + 1);
  const lf = head.indexOf(LF);
  if (lf !== -1 || lineStart + head.length === table.plainBytes) {
    let line = lf === -1 ? head : head.subarray(0, lf);
    if (line.length <= maxChars * 4) {
      if (lf !== -1 && line[line.length - 1] === CR) line = line.subarray(0, -1);
      const text = decoder().decode(line);
      if (text.length <= maxChars) return text;
    }
  }
  const start = Math.max(lineStart, match - EXCERPT_LEAD_BYTES);
  let bytes = await readBytes(read, table, start, start + maxChars * 4 + 3);
  let skip = 0;
  while (start + skip < match && (bytes[skip]! & 0xc0) === 0x80) skip += 1;
  bytes = bytes.subarray(skip, skip + maxChars * 4);
  const end = bytes.indexOf(LF);
  let text = decoder().decode(end === -1 ? bytes : bytes.subarray(0, end), { stream: true });
  if (end !== -1 && text.endsWith('\r')) text = text.slice(0, -1);
  return text.length <= maxChars ? text : cutAt(text, maxChars);
}

/** The first place of `needle` in bytes[from, end), or -1. */
function find(bytes: Uint8Array, needle: Uint8Array, from: number, end: number): number {
  const first = needle[0]!;
  const lastStart = end - needle.length;
  for (let at = bytes.indexOf(first, from); at !== -1 && at <= lastStart; at = bytes.indexOf(first, at + 1)) {
    let k = 1;
    while (k < needle.length && bytes[at + k] === needle[k]) k += 1;
    if (k === needle.length) return at;
  }
  return -1;
}

export interface SearchOptions {
  limit: number;
  /** A match's text: its line, or an excerpt of this many characters around the match. */
  textMaxChars: number;
  /** Stop at the next chunk edge once this says so (the time cap); the next page continues. */
  stop?: (matches: number) => boolean;
}

export interface SearchPage {
  matches: { line: number; text: string }[];
  truncated: boolean;
  nextFrom: number | null;
  scannedBytes: number;
}

/**
 * The server's search (case-sensitive, literal, one match per line, from line `from` on) over the
 * decrypted chunks in order. A match across a chunk edge is found: each chunk is searched with
 * the end of the line before it.
 */
export async function searchChunks(
  read: ChunkReader,
  table: LineTable,
  needle: Uint8Array,
  from: number,
  opts: SearchOptions,
): Promise<SearchPage> {
  const page: SearchPage = { matches: [], truncated: false, nextFrom: null, scannedBytes: 0 };
  if (from > table.totalLines || needle.length === 0 || table.plainBytes === 0) return page;
  const cursor = new Cursor(read, table);
  await cursor.seekLine(from);
  const scanStart = cursor.offset;
  const state = { line: from, lineStart: scanStart, matched: false };
  let carry: Uint8Array = new Uint8Array(0);
  for (;;) {
    const rest = cursor.bytes.subarray(cursor.pos);
    const block = carry.length === 0 ? rest : concat([carry, rest], carry.length + rest.length);
    const blockStart = cursor.offset - carry.length;
    const found = scanBlock(block, blockStart, needle, state, opts.limit - page.matches.length);
    for (const f of found) {
      page.matches.push({
        line: f.line,
        text: await matchText(read, table, f.lineStart, f.at, opts.textMaxChars),
      });
    }
    if (page.matches.length >= opts.limit) {
      const next = state.line + 1;
      page.nextFrom = next <= table.totalLines ? next : null;
      page.truncated = page.nextFrom !== null;
      page.scannedBytes = found.at(-1)!.at - scanStart;
      return page;
    }
    // Only the end of a line not matched yet can hold the start of a match across the edge.
    carry = state.matched
      ? new Uint8Array(0)
      : block.subarray(Math.max(state.lineStart - blockStart, block.length - (needle.length - 1)));
    cursor.pos = cursor.bytes.length;
    page.scannedBytes = cursor.offset - scanStart;
    if (cursor.chunk + 1 >= table.chunks) return page;
    const next = state.matched ? state.line + 1 : state.line;
    if (next > from && next <= table.totalLines && opts.stop?.(page.matches.length)) {
      page.nextFrom = next;
      page.truncated = true;
      return page;
    }
    await cursor.advance();
  }
}

interface ScanState {
  /** The line the next byte belongs to, where it starts (absolute), and whether it has matched. */
  line: number;
  lineStart: number;
  matched: boolean;
}

/**
 * Matches in one block (the needle has no LF, so none spans lines), at most `room`, one per line;
 * `state` is carried on to the block's end (or to the last match when `room` runs out).
 */
function scanBlock(
  block: Uint8Array,
  blockStart: number,
  needle: Uint8Array,
  state: ScanState,
  room: number,
): { line: number; lineStart: number; at: number }[] {
  const found: { line: number; lineStart: number; at: number }[] = [];
  const countTo = (from: number, to: number) => {
    for (let lf = block.indexOf(LF, from); lf !== -1 && lf < to; lf = block.indexOf(LF, lf + 1)) {
      state.line += 1;
      state.lineStart = blockStart + lf + 1;
      state.matched = false;
    }
  };
  let p = 0;
  if (state.matched) {
    const lf = block.indexOf(LF);
    if (lf === -1) return found;
    countTo(lf, lf + 1);
    p = lf + 1;
  }
  while (p < block.length) {
    const m = find(block, needle, p, block.length);
    if (m === -1) break;
    countTo(p, m);
    found.push({ line: state.line, lineStart: state.lineStart, at: blockStart + m });
    state.matched = true;
    if (found.length >= room) return found;
    const lf = block.indexOf(LF, m);
    if (lf === -1) return found;
    countTo(lf, lf + 1);
    p = lf + 1;
  }
  countTo(p, block.length);
  return found;
}
