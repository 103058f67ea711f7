import { entryAtOrBefore, type LineIndex } from './format.js';
import type { OpenRange } from './window.js';

export interface SearchOptions {
  /** Matches after which the search stops. */
  limit: number;
  /**
   * Times (as `now` tells them) after which the search stops at the next line start it reaches:
   * `deadline` without a match yet, the earlier `deadlineWithMatches` once it has one, so the
   * first hits come back soon even when later ones would take the whole time to find.
   */
  deadline: number;
  deadlineWithMatches: number;
  now: () => number;
  /** A match's text: its line, or an excerpt of this many characters around the match. */
  textMaxChars: number;
  /** Sizes of the scan, smaller in tests only (see the constants below). */
  tuning?: { blockBytes: number; contextBytes: number; carryLineMax: number };
}

export interface SearchResult {
  matches: { line: number; text: string }[];
  truncated: boolean;
  nextFrom: number | null;
  scannedBytes: number;
}

const LF = 10;
const CR = 13;
/** Where an excerpt of a long line starts: about a fifth of it before the match. */
const EXCERPT_LEAD_BYTES = 400;
const TUNING = {
  /** Bytes gathered before each search step: few steps, each one native search. */
  blockBytes: 1024 * 1024,
  /** Bytes kept before and after a match for its excerpt (4 bytes hold at least 1 code unit). */
  contextBytes: 2048,
  /** A block's unfinished last line up to this long waits for the next block whole. */
  carryLineMax: 64 * 1024,
};

/**
 * Case-sensitive literal search for `needle` (UTF-8 bytes, no LF) from line `from` on: one ranged
 * read from the index entry at or before it, blocks of ~1 MiB searched with Buffer#indexOf (a
 * native string search), nothing decoded but the matching lines. Line numbers come from the index
 * entries passed plus newlines counted since the last one, so a block without a match costs one
 * indexOf and at most one stride of newline counting. One match per line. Stops after `limit`
 * matches, or at the first line start reached after a deadline (a line is never cut in two:
 * continuing from nextFrom misses nothing and repeats nothing).
 */
export async function searchLines(
  open: OpenRange,
  index: LineIndex,
  needle: Buffer,
  from: number,
  opts: SearchOptions,
): Promise<SearchResult> {
  const result: SearchResult = { matches: [], truncated: false, nextFrom: null, scannedBytes: 0 };
  if (from > index.totalLines || index.sizeBytes === 0) return result;
  const { blockBytes, contextBytes, carryLineMax } = opts.tuning ?? TUNING;
  const tail = contextBytes + needle.length;
  const n = index.lines.length;
  let ei = entryAtOrBefore(index, from);
  const streamStart = index.offsets[ei]!;
  let countedAbs = streamStart;
  let countedLine = index.lines[ei]!;
  let scanStart = -1;
  let restOfLineMatched = false;
  let carry = Buffer.alloc(0);
  let carryAbs = streamStart;
  let pending: Buffer[] = [];
  let pendingBytes = 0;

  /** Brings countedLine to the line holding block byte t (t at or after countedAbs). */
  function countTo(block: Buffer, blockAbs: number, t: number): void {
    const abs = blockAbs + t;
    while (ei + 1 < n && index.offsets[ei + 1]! <= abs) ei++;
    if (index.offsets[ei]! > countedAbs) {
      countedAbs = index.offsets[ei]!;
      countedLine = index.lines[ei]!;
    }
    for (
      let lf = block.indexOf(LF, countedAbs - blockAbs);
      lf !== -1 && lf < t;
      lf = block.indexOf(LF, lf + 1)
    ) {
      countedLine++;
    }
    countedAbs = abs;
  }

  /** Searches one block; true when the search is over (limit or time). */
  function step(final: boolean): boolean {
    const block = pending.length === 0 ? carry : Buffer.concat([carry, ...pending]);
    const blockAbs = carryAbs;
    pending = [];
    pendingBytes = 0;
    let pos = countedAbs - blockAbs;
    let cut = block.length;
    let atLineStart = true;
    if (!final) {
      const lastLf = block.lastIndexOf(LF);
      if (lastLf >= pos && block.length - (lastLf + 1) <= carryLineMax) cut = lastLf + 1;
      else {
        cut = block.length - tail;
        atLineStart = false;
      }
      if (cut <= pos) {
        carry = block;
        return false;
      }
    }
    // To line `from` first: at most one stride of lines past the entry read from.
    while (countedLine < from) {
      const lf = block.indexOf(LF, pos);
      if (lf === -1 || lf >= cut) {
        pos = cut;
        break;
      }
      countedLine++;
      pos = lf + 1;
      countedAbs = blockAbs + pos;
    }
    if (countedLine >= from) {
      if (scanStart < 0) scanStart = blockAbs + pos;
      if (restOfLineMatched) {
        const lf = block.indexOf(LF, pos);
        if (lf !== -1 && lf < cut) {
          pos = lf + 1;
          restOfLineMatched = false;
        } else pos = cut;
      }
      while (!restOfLineMatched && pos < cut) {
        const m = block.indexOf(needle, pos);
        if (m === -1 || m >= cut) break;
        countTo(block, blockAbs, m);
        const lf = block.indexOf(LF, m);
        const text = excerpt(
          block,
          m,
          lf,
          { final, startsLine: blockAbs === streamStart },
          opts.textMaxChars,
        );
        result.matches.push({ line: countedLine, text });
        if (result.matches.length >= opts.limit) {
          const next = countedLine + 1;
          result.nextFrom = next <= index.totalLines ? next : null;
          result.truncated = result.nextFrom !== null;
          result.scannedBytes = blockAbs + (lf === -1 ? block.length : lf + 1) - scanStart;
          return true;
        }
        if (lf === -1 || lf >= cut) {
          restOfLineMatched = true;
          pos = cut;
        } else pos = lf + 1;
      }
    }
    countTo(block, blockAbs, cut);
    if (scanStart >= 0) result.scannedBytes = blockAbs + cut - scanStart;
    // Out of time: stop here if this is a line start past `from` (each answer moves on).
    if (
      !final &&
      atLineStart &&
      scanStart >= 0 &&
      blockAbs + cut > scanStart &&
      opts.now() >= (result.matches.length > 0 ? opts.deadlineWithMatches : opts.deadline)
    ) {
      result.nextFrom = countedLine;
      result.truncated = true;
      return true;
    }
    const keepFrom = Math.max(0, cut - contextBytes);
    carry = block.subarray(keepFrom);
    carryAbs = blockAbs + keepFrom;
    return false;
  }

  const source = await open({ start: streamStart, end: index.sizeBytes - 1 });
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= blockBytes && step(false)) return result;
    }
  } finally {
    source.destroy();
  }
  step(true);
  return result;
}

/**
 * The text shown for a match at block byte m (its line ends at lf; -1: at the end of the text in
 * the final block, else past the block): the whole line when it is short enough, else maxChars
 * characters starting a little before m.
 */
function excerpt(
  block: Buffer,
  m: number,
  lf: number,
  where: { final: boolean; startsLine: boolean },
  maxChars: number,
): string {
  const before = m > 0 ? block.lastIndexOf(LF, m - 1) : -1;
  const startKnown = before !== -1 || where.startsLine;
  const lineStart = before + 1;
  const lineEnd = lf === -1 ? block.length : lf;
  if (startKnown && (lf !== -1 || where.final) && lineEnd - lineStart <= maxChars * 4) {
    const end = lf !== -1 && lineEnd > lineStart && block[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
    const text = block.toString('utf8', lineStart, end);
    if (text.length <= maxChars) return text;
  }
  let start = Math.max(lineStart, m - EXCERPT_LEAD_BYTES);
  while (start < m && (block[start]! & 0xc0) === 0x80) start++;
  const end = Math.min(lineEnd, start + maxChars * 4);
  let text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(block.subarray(start, end), {
    stream: true,
  });
  if (end === lineEnd && lf !== -1 && text.endsWith('\r')) text = text.slice(0, -1);
  if (text.length <= maxChars) return text;
  const code = text.charCodeAt(maxChars - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? maxChars - 1 : maxChars);
}
