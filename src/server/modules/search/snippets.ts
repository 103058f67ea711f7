import { SEARCH_SNIPPET_MAX_LENGTH } from '../../../common/constants.js';

/** Where a result's words are in its text: the line, that line's text, and the words in it. */
export interface LineMatch {
  /** 1-based. */
  line: number;
  /** Plain text, never HTML (highlights are offsets into it, so nothing needs escaping). */
  snippet: string;
  highlights: { start: number; end: number }[];
}

const WORD = /[\p{L}\p{N}\p{M}\p{Co}_]+/gu;
/** Text kept before the first highlight when a long line is cut to a window. */
const LEAD = 60;

/**
 * The first line of `text` holding every one of `words` (each as the start of a word, as search
 * matches them), else the first holding the most of them; null when no line holds any. Lines are
 * compared lower-cased first (cheap), and only the chosen line is split into words.
 */
export function matchingLine(text: string, words: readonly string[]): LineMatch | null {
  if (words.length === 0) return null;
  let best: { number: number; start: number; end: number; found: number } | null = null;
  let number = 0;
  for (let start = 0; start <= text.length; ) {
    number++;
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const lower = text.slice(start, end).toLowerCase();
    let found = 0;
    for (const w of words) if (lower.includes(w)) found++;
    if (found > 0 && (best === null || found > best.found)) {
      const exact = highlightsIn(text.slice(start, end), words).found;
      if (exact > 0 && (best === null || exact > best.found)) best = { number, start, end, found: exact };
      if (best?.found === words.length) break;
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  if (best === null) return null;
  return windowOf(text.slice(best.start, best.end).replace(/\r$/, ''), words, best.number);
}

/** The words of `line` that start with one of `words`, and how many of `words` were found. */
function highlightsIn(line: string, words: readonly string[]) {
  const highlights: { start: number; end: number }[] = [];
  const seen = new Set<string>();
  for (const m of line.matchAll(WORD)) {
    const lower = m[0].toLowerCase();
    const word = words.find((w) => lower.startsWith(w));
    // Marks the typed part of the word; a word whose lower case changes length is marked whole.
    if (word === undefined) continue;
    seen.add(word);
    const length = lower.length === m[0].length ? word.length : m[0].length;
    highlights.push({ start: m.index, end: m.index + length });
  }
  return { highlights, found: seen.size };
}

/** A long line cut to SEARCH_SNIPPET_MAX_LENGTH around its first highlight, '…' marking the cuts. */
function windowOf(line: string, words: readonly string[], number: number): LineMatch {
  const { highlights } = highlightsIn(line, words);
  if (line.length <= SEARCH_SNIPPET_MAX_LENGTH) return { line: number, snippet: line, highlights };
  let from = Math.max(0, (highlights[0]?.start ?? 0) - LEAD);
  let to = Math.min(line.length, from + SEARCH_SNIPPET_MAX_LENGTH);
  from = Math.max(0, to - SEARCH_SNIPPET_MAX_LENGTH);
  // Never half a surrogate pair at either end.
  if (isLow(line.charCodeAt(from))) from++;
  if (isLow(line.charCodeAt(to))) to--;
  const before = from > 0 ? '…' : '';
  const after = to < line.length ? '…' : '';
  const shift = before.length - from;
  return {
    line: number,
    snippet: before + line.slice(from, to) + after,
    highlights: highlights
      .filter((h) => h.start >= from && h.end <= to)
      .map((h) => ({ start: h.start + shift, end: h.end + shift })),
  };
}

const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
