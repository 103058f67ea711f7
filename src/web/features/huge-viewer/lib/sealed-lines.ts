/**
 * Lines of an end-to-end encrypted paste, found in the browser: the server
 * cannot read them, so the tab works from a line table — for each sealed chunk the line its first
 * byte belongs to (1,024 entries for 1 GB), sealed by the uploader or counted here (LineCounter,
 * common/paste-crypto/line-table). A window of lines or a search then opens only the chunks it needs. Pure: chunks come from a `ChunkReader`, so the
 * unit tests run it on texts sealed in memory. Lines are what the server's /lines and /search
 * answer for a plain paste (line-index/window.ts, search.ts): split at LF, the CR of a CRLF
 * dropped, no line after a final LF, an empty text one empty line, a line cut at `maxChars`.
 */

import type { LineTable } from '../../../../common/paste-crypto/line-table';

export const LF = 10;
export const CR = 13;
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
export class Cursor {
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

export function concat(parts: Uint8Array[], length: number): Uint8Array {
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
export function cutAt(text: string, max: number): string {
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
export async function readBytes(
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
