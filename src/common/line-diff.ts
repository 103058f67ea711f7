import { type ChangeObject, diffLines } from 'diff';
import { countLines } from './line-count.js';

/**
 * Line diffs between two revisions of a paste (issue 23), for the server's "lines added and
 * removed" and the browser's diff view, so the two never disagree. Myers' diff (jsdiff) costs
 * (lines) × (edits); the edit budget keeps that product under WORK_BUDGET, so a huge rewrite is
 * answered "too different" in bounded time instead of freezing a thread. Deterministic: no clock.
 */
const WORK_BUDGET = 10_000_000;
const MIN_EDITS = 50;
/**
 * Past this many changed characters jsdiff's own tokenizing costs ~30 ms per MB before it can
 * give up: such rewrites are left to the linear count (see lineStats).
 */
const MAX_DIFF_CHARS = 2 * 1024 * 1024;

/** One line of a diff: in both (same), only the old (removed) or only the new (added). */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** 1-based line numbers on each side; null on the side the line is not in. */
  oldLine: number | null;
  newLine: number | null;
}

export interface LineStats {
  added: number;
  removed: number;
}

/** Ending both with a newline keeps "last line changed" from also counting its missing newline. */
const ended = (s: string) => (s === '' || s.endsWith('\n') ? s : `${s}\n`);

/**
 * The diff as jsdiff gives it, lines both sides share at the start and end taken out first (most
 * edits touch a few lines of a long text: those are then all the diff has to look at).
 */
function changes(a: string, b: string): ChangeObject<string>[] | undefined {
  const x = ended(a);
  const y = ended(b);
  let start = 0; // common prefix, ending after a newline
  for (let i = 0; i < x.length && i < y.length && x.charCodeAt(i) === y.charCodeAt(i); i++) {
    if (x.charCodeAt(i) === 10) start = i + 1;
  }
  let tail = 0; // common suffix, starting after a newline on both sides, not into the prefix
  const room = Math.min(x.length, y.length) - start;
  for (let i = 1; i <= room && x.charCodeAt(x.length - i) === y.charCodeAt(y.length - i); i++) {
    const xs = x.length - i;
    const ys = y.length - i;
    if ((xs === 0 || x.charCodeAt(xs - 1) === 10) && (ys === 0 || y.charCodeAt(ys - 1) === 10)) tail = i;
  }
  const midA = x.slice(start, x.length - tail);
  const midB = y.slice(start, y.length - tail);
  if (midA.length + midB.length > MAX_DIFF_CHARS) return undefined;
  const lines = countLines(midA) + countLines(midB);
  const maxEditLength = Math.max(MIN_EDITS, Math.floor(WORK_BUDGET / Math.max(1, lines)));
  const middle = midA === midB ? [] : diffLines(midA, midB, { maxEditLength });
  if (!middle) return undefined;
  const same = (value: string): ChangeObject<string> => ({
    value,
    count: countLines(value),
    added: false,
    removed: false,
  });
  return [
    ...(start > 0 ? [same(x.slice(0, start))] : []),
    ...middle,
    ...(tail > 0 ? [same(x.slice(x.length - tail))] : []),
  ];
}

/** The lines of `b` against `a`, or null when they differ too much to diff within the budget. */
export function diffLinesOf(a: string, b: string): DiffLine[] | null {
  const parts = changes(a, b);
  if (!parts) return null;
  const out: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const part of parts) {
    const lines = part.value.split('\n');
    lines.pop(); // every part ends with a newline (see changes)
    for (const text of lines) {
      if (part.added) out.push({ kind: 'added', text, oldLine: null, newLine: newLine++ });
      else if (part.removed) out.push({ kind: 'removed', text, oldLine: oldLine++, newLine: null });
      else out.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
    }
  }
  return out;
}

/**
 * Lines added and removed from `a` to `b`. Past the diff budget, the lines of each side without a
 * counterpart on the other (as multisets): the same figures for any edit that moves no lines.
 */
export function lineStats(a: string, b: string): LineStats {
  const parts = changes(a, b);
  if (parts) {
    let added = 0;
    let removed = 0;
    for (const p of parts) {
      if (p.added) added += p.count ?? 0;
      else if (p.removed) removed += p.count ?? 0;
    }
    return { added, removed };
  }
  const counts = new Map<string, number>();
  for (const line of a.split('\n')) counts.set(line, (counts.get(line) ?? 0) + 1);
  let added = 0;
  for (const line of b.split('\n')) {
    const n = counts.get(line) ?? 0;
    if (n > 0) counts.set(line, n - 1);
    else added++;
  }
  let removed = 0;
  for (const n of counts.values()) removed += n;
  return { added, removed };
}
