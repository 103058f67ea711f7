import { type ChangeObject, diffArrays } from 'diff';

/**
 * Line diffs between two revisions of a paste, for the server's "lines added and
 * removed" and the browser's diff view, so the two never disagree. Myers' diff (jsdiff) costs
 * (lines) × (edits); the edit budget keeps that product under WORK_BUDGET, so a huge rewrite is
 * answered "too different" in bounded work instead of freezing a thread. Deterministic: no clock.
 */
const WORK_BUDGET = 10_000_000;
const MIN_EDITS = 50;
/** Past this many changed characters a rewrite is left to the linear count (see lineStats). */
const MAX_DIFF_CHARS = 2 * 1024 * 1024;
/**
 * lineStats' first, synchronous try: (lines) × (edits) under this is a few milliseconds of Myers'
 * work; a diff that needs more goes on with one event-loop turn per edit length.
 */
const QUICK_WORK = 500_000;
/** Lines the linear count takes between two pauses (a few milliseconds). */
const COUNT_SLICE_LINES = 50_000;
/** Characters compared at once when looking for the texts' shared start and end. */
const COMPARE_CHARS = 64 * 1024;

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

/** Gives the thread to others between slices of lineStats' work (the server's next turn). */
export type Pause = () => Promise<void>;

/** Ending both with a newline keeps "last line changed" from also counting its missing newline. */
const ended = (s: string) => (s === '' || s.endsWith('\n') ? s : `${s}\n`);

/** The lines of text that ends with a newline (or is empty). */
const linesOf = (s: string) => (s === '' ? [] : s.slice(0, -1).split('\n'));

/** Characters x and y share at their start, compared a block at a time, then one by one. */
function sharedStart(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  let i = 0;
  while (i + COMPARE_CHARS <= n && x.slice(i, i + COMPARE_CHARS) === y.slice(i, i + COMPARE_CHARS)) {
    i += COMPARE_CHARS;
  }
  while (i < n && x.charCodeAt(i) === y.charCodeAt(i)) i++;
  return i;
}

/** Characters x and y share at their end, at most `max`. */
function sharedEnd(x: string, y: string, max: number): number {
  let i = 0;
  while (
    i + COMPARE_CHARS <= max &&
    x.slice(x.length - i - COMPARE_CHARS, x.length - i) ===
      y.slice(y.length - i - COMPARE_CHARS, y.length - i)
  ) {
    i += COMPARE_CHARS;
  }
  while (i < max && x.charCodeAt(x.length - 1 - i) === y.charCodeAt(y.length - 1 - i)) i++;
  return i;
}

/**
 * Where two newline-ended texts stop sharing whole lines: `start`, the length of the shared lines at
 * the start, and `tail`, of those at the end (never reaching into the start's).
 */
export function sharedLineEnds(x: string, y: string): { start: number; tail: number } {
  const common = sharedStart(x, y);
  const start = common === 0 ? 0 : x.lastIndexOf('\n', common - 1) + 1;
  const room = Math.min(x.length, y.length) - start;
  const end = sharedEnd(x, y, room);
  if (end === 0) return { start, tail: 0 };
  // The shared end itself, when it begins a line on both sides …
  const xs = x.length - end;
  const ys = y.length - end;
  if ((xs === 0 || x.charCodeAt(xs - 1) === 10) && (ys === 0 || y.charCodeAt(ys - 1) === 10)) {
    return { start, tail: end };
  }
  // … else from the first line start inside it (shared, so a line start on both sides).
  const newline = x.indexOf('\n', xs);
  return { start, tail: newline === -1 || newline >= x.length - 1 ? 0 : x.length - 1 - newline };
}

/** Two texts with the lines they share at both ends cut out (most edits touch a few lines). */
interface Cut {
  /** The old text, newline-ended, and the lengths of the lines shared at its start and end. */
  x: string;
  start: number;
  tail: number;
  /** What is left of each side: newline-ended text, or empty. */
  before: string;
  after: string;
}

/** The two texts' middle, or undefined when it is too large to diff at all. */
function cutShared(a: string, b: string): Cut | undefined {
  const x = ended(a);
  const y = ended(b);
  const { start, tail } = sharedLineEnds(x, y);
  if (x.length + y.length - 2 * (start + tail) > MAX_DIFF_CHARS) return undefined;
  return { x, start, tail, before: x.slice(start, x.length - tail), after: y.slice(start, y.length - tail) };
}

/** Edits Myers may try on `lines` lines within WORK_BUDGET. */
const editBudget = (lines: number) => Math.max(MIN_EDITS, Math.floor(WORK_BUDGET / Math.max(1, lines)));

/** The lines of `b` against `a`, or null when they differ too much to diff within the budget. */
export function diffLinesOf(a: string, b: string): DiffLine[] | null {
  const cut = cutShared(a, b);
  if (!cut) return null;
  const before = linesOf(cut.before);
  const after = linesOf(cut.after);
  const middle = diffArrays(before, after, { maxEditLength: editBudget(before.length + after.length) });
  if (!middle) return null;
  const out: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  const same = (text: string) => out.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
  linesOf(cut.x.slice(0, cut.start)).forEach(same);
  for (const part of middle) {
    for (const text of part.value) {
      if (part.added) out.push({ kind: 'added', text, oldLine: null, newLine: newLine++ });
      else if (part.removed) out.push({ kind: 'removed', text, oldLine: oldLine++, newLine: null });
      else same(text);
    }
  }
  linesOf(cut.x.slice(cut.x.length - cut.tail)).forEach(same);
  return out;
}

/**
 * Myers' diff of two sides' lines: tried synchronously within QUICK_WORK, then (the same search
 * from the start, with the whole budget) one edit length per timer turn, so no turn holds the thread.
 */
function myers(before: string[], after: string[]): Promise<ChangeObject<string[]>[] | undefined> {
  const lines = before.length + after.length;
  const budget = editBudget(lines);
  const quick = Math.min(budget, Math.max(1, Math.floor(QUICK_WORK / Math.max(1, lines))));
  const found = diffArrays(before, after, { maxEditLength: quick });
  if (found || quick >= budget) return Promise.resolve(found);
  return new Promise((resolve) => {
    diffArrays(before, after, { maxEditLength: budget, callback: resolve });
  });
}

/** linesOf, COUNT_SLICE_LINES lines or so at a time with a pause between. */
async function linesInSlices(text: string, pause: Pause): Promise<string[]> {
  const out: string[] = [];
  await eachLine(text, pause, (line) => out.push(line));
  out.pop(); // the text ends with a newline, or is empty: the last piece is no line
  return out;
}

/** Calls `visit` with each line of `text` as split('\n') gives them, pausing every COUNT_SLICE_LINES. */
async function eachLine(text: string, pause: Pause, visit: (line: string) => void): Promise<void> {
  for (let start = 0, n = 1; ; n++) {
    const newline = text.indexOf('\n', start);
    visit(newline === -1 ? text.slice(start) : text.slice(start, newline));
    if (newline === -1) return;
    start = newline + 1;
    if (n % COUNT_SLICE_LINES === 0) await pause();
  }
}

/**
 * Lines added and removed from `a` to `b`. Past the diff budget, the lines of each side without a
 * counterpart on the other (as multisets): the same figures for any edit that moves no lines.
 * Whatever the texts, no step holds the thread for long: the work is cut at `pause`s.
 */
export async function lineStats(a: string, b: string, pause: Pause): Promise<LineStats> {
  const cut = cutShared(a, b);
  const middle =
    cut && (await myers(await linesInSlices(cut.before, pause), await linesInSlices(cut.after, pause)));
  if (middle) {
    let added = 0;
    let removed = 0;
    for (const p of middle) {
      if (p.added) added += p.count;
      else if (p.removed) removed += p.count;
    }
    return { added, removed };
  }
  await pause();
  const counts = new Map<string, number>();
  await eachLine(a, pause, (line) => counts.set(line, (counts.get(line) ?? 0) + 1));
  let added = 0;
  await eachLine(b, pause, (line) => {
    const n = counts.get(line) ?? 0;
    if (n > 0) counts.set(line, n - 1);
    else added++;
  });
  let removed = 0;
  for (const n of counts.values()) removed += n;
  return { added, removed };
}
