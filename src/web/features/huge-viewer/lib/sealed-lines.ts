/**
 * Lines of an end-to-end encrypted paste, found in the browser (issue 22 with issue 21): the server
 * cannot read them, so the tab works from a line table — for each sealed chunk the line its first
 * byte belongs to (1,024 entries for 1 GB), sealed by the uploader or counted here (LineCounter,
 * common/paste-crypto/line-table). A window of lines or a search then opens only the chunks it needs. Pure: chunks come from a `ChunkReader`, so the
 * unit tests run it on texts sealed in memory. Lines are what the server's /lines and /search
 * answer for a plain paste (line-index/window.ts, search.ts): split at LF, the CR of a CRLF
 * dropped, no line after a final LF, an empty text one empty line, a line cut at `maxChars`.
 */

import type { LineTable } from '../../../../common/paste-crypto/line-table';

const LF = 10;
const CR = 13;
/**
 * The server's SEARCH_TEXT_MAX_CHARS, written here so the viewer's chunk does not load zod for a
 * number (a unit test keeps the two equal).
 */
export const MATCH_TEXT_CHARS = 500;

/** The decrypted plaintext of chunk `index` (0-based). */
export type ChunkReader = (index: number) => Promise<Uint8Array>;

/** The chunk in which line `line` begins: the last one whose first byte is on an earlier line, or starts it. */
export function chunkOfLine(table: LineTable, line: number): number {
  let lo = 0;
  let hi = table.chunks - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const first = table.firstLine[mid]!;
    if (first < line || (first === line && table.startsLine[mid] === 1)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A read position in the plaintext: a chunk's bytes and an offset in them. */
class Cursor {
  chunk = 0;
  pos = 0;
  bytes: Uint8Array = new Uint8Array(0);

  constructor(
    private readonly read: ChunkReader,
    private readonly table: LineTable,
  ) {}

  get offset(): number {
    return this.chunk * this.table.chunkBytes + this.pos;
  }

  async load(chunk: number): Promise<void> {
    this.bytes = await this.read(chunk);
    this.chunk = chunk;
    this.pos = 0;
  }

  /** Moves on to the next chunk; false at the end of the text. */
  async advance(): Promise<boolean> {
    if (this.chunk + 1 >= this.table.chunks) return false;
    await this.load(this.chunk + 1);
    return true;
  }

  /** To the first byte of line `line` (at most 1 + totalLines). */
  async seekLine(line: number): Promise<void> {
    const chunk = chunkOfLine(this.table, line);
    await this.load(chunk);
    let skip = line - this.table.firstLine[chunk]!;
    while (skip > 0) {
      const lf = this.bytes.indexOf(LF, this.pos);
      if (lf !== -1) {
        skip -= 1;
        this.pos = lf + 1;
      } else if (!(await this.advance())) return;
    }
    if (this.pos >= this.bytes.length) await this.advance();
  }
}

/** One line's bytes, keeping at most `captureMax` of them (as the server's LineBytes). */
function lineDecoder(maxChars: number) {
  const captureMax = maxChars * 4 + 1;
  let parts: Uint8Array[] = [];
  let kept = 0;
  let total = 0;
  return {
    add(bytes: Uint8Array) {
      total += bytes.length;
      const room = captureMax - kept;
      if (room <= 0) return;
      const part = bytes.length <= room ? bytes : bytes.subarray(0, room);
      parts.push(part);
      kept += part.length;
    },
    get cut() {
      return total > kept;
    },
    /** The line as text: the CR of a CRLF dropped, a cut line cut at a character's edge. */
    text(endsWithLf: boolean): { text: string; truncated: boolean } {
      let bytes = concat(parts, kept);
      const cut = total > kept;
      if (!cut && endsWithLf && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, -1);
      // A cut line may end inside a character: a streaming decode leaves that tail out.
      let text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream: cut });
      const truncated = cut || text.length > maxChars;
      if (text.length > maxChars) text = cutAt(text, maxChars);
      parts = [];
      kept = 0;
      total = 0;
      return { text, truncated };
    },
  };
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The first `max` UTF-16 code units, never half a surrogate pair. */
function cutAt(text: string, max: number): string {
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

export interface LineWindow {
  lines: string[];
  /** Numbers of the lines in `lines` cut at maxChars. */
  truncated: number[];
}

/**
 * Lines from..from+count-1. A line longer than the chunk it ends in is not read to its end: once
 * cut, the next line is found through the table, so a window costs a few chunks however long its
 * lines are.
 */
export async function readWindow(
  read: ChunkReader,
  table: LineTable,
  from: number,
  count: number,
  maxChars: number,
): Promise<LineWindow> {
  const out: LineWindow = { lines: [], truncated: [] };
  const last = Math.min(table.totalLines, from + count - 1);
  if (from > last) return out;
  const cursor = new Cursor(read, table);
  await cursor.seekLine(from);
  const line = lineDecoder(maxChars);
  for (let n = from; n <= last; n += 1) {
    let endsWithLf = false;
    for (;;) {
      const lf = cursor.bytes.indexOf(LF, cursor.pos);
      line.add(cursor.bytes.subarray(cursor.pos, lf === -1 ? cursor.bytes.length : lf));
      if (lf !== -1) {
        cursor.pos = lf + 1;
        endsWithLf = true;
        break;
      }
      cursor.pos = cursor.bytes.length;
      if (line.cut) {
        // The rest of a cut line is not needed: on to where the next one begins.
        if (n < last) await cursor.seekLine(n + 1);
        break;
      }
      if (!(await cursor.advance())) break;
    }
    const { text, truncated } = line.text(endsWithLf);
    if (truncated) out.truncated.push(n);
    out.lines.push(text);
  }
  return out;
}

/** Bytes start..end-1 of the plaintext (clamped to its end). */
async function readBytes(
  read: ChunkReader,
  table: LineTable,
  start: number,
  end: number,
): Promise<Uint8Array> {
  const stop = Math.min(end, table.plainBytes);
  const parts: Uint8Array[] = [];
  let length = 0;
  for (let at = start; at < stop; ) {
    const chunk = Math.floor(at / table.chunkBytes);
    const base = chunk * table.chunkBytes;
    const bytes = await read(chunk);
    const part = bytes.subarray(at - base, Math.min(bytes.length, stop - base));
    if (part.length === 0) break;
    parts.push(part);
    length += part.length;
    at += part.length;
  }
  return concat(parts, length);
}

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

/**
 * The first lines of the plaintext's first `bytes` (read while the rest is still being counted),
 * split as everywhere here. Unless `complete` (the whole text), the last line may go on past these
 * bytes, so it is left out: only whole lines are shown.
 */
export function firstLines(
  bytes: Uint8Array,
  complete: boolean,
  maxLines: number,
  maxChars: number,
): string[] {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream: !complete });
  const lines = text.split('\n');
  // The last piece had no LF after it: gone unless complete; in a complete text an empty last
  // piece is no line (a final LF starts none), a text that ends without LF keeps its lone CR.
  const last = lines.pop()!;
  const ended = lines.length;
  if (complete && (last !== '' || ended === 0)) lines.push(last);
  return lines
    .slice(0, maxLines)
    .map((line, i) => cutAt(i < ended && line.endsWith('\r') ? line.slice(0, -1) : line, maxChars));
}
