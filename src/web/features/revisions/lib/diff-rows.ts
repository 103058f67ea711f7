import type { DiffLine } from '../../../../common/line-diff';

/** Unchanged lines kept visible on each side of a change. */
export const CONTEXT_LINES = 3;
/** A run of unchanged lines is folded only when it hides at least this many (else "Show 1 line" costs more than it saves). */
const MIN_FOLDED = 4;

/** Lines shown as they are, or a run of unchanged ones folded behind "Show N unchanged lines". */
export type DiffBlock = { kind: 'shown'; lines: DiffLine[] } | { kind: 'folded'; lines: DiffLine[] };

/** One row of the side-by-side view: the old line on the left, the new on the right (either may be absent). */
export interface SplitRow {
  left: DiffLine | null;
  right: DiffLine | null;
}

export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'added') added++;
    else if (line.kind === 'removed') removed++;
  }
  return { added, removed };
}

/**
 * The diff cut into blocks: every change with CONTEXT_LINES unchanged lines around it, the long
 * unchanged runs between (and before the first change, after the last) folded.
 */
export function foldUnchanged(lines: readonly DiffLine[]): DiffBlock[] {
  const blocks: DiffBlock[] = [];
  let shown: DiffLine[] = [];
  const flushShown = () => {
    if (shown.length) blocks.push({ kind: 'shown', lines: shown });
    shown = [];
  };
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.kind !== 'same') {
      shown.push(lines[i]!);
      i++;
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end]!.kind === 'same') end++;
    const run = lines.slice(i, end);
    const keepBefore = i === 0 ? 0 : CONTEXT_LINES;
    const keepAfter = end === lines.length ? 0 : CONTEXT_LINES;
    if (run.length - keepBefore - keepAfter < MIN_FOLDED) {
      shown.push(...run);
    } else {
      shown.push(...run.slice(0, keepBefore));
      flushShown();
      blocks.push({ kind: 'folded', lines: run.slice(keepBefore, run.length - keepAfter) });
      shown.push(...run.slice(run.length - keepAfter));
    }
    i = end;
  }
  flushShown();
  return blocks;
}

/** Lines paired for the side-by-side view: removed lines face the added ones that replace them. */
export function pairLines(lines: readonly DiffLine[]): SplitRow[] {
  const rows: SplitRow[] = [];
  let removed: DiffLine[] = [];
  let added: DiffLine[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      rows.push({ left: removed[k] ?? null, right: added[k] ?? null });
    }
    removed = [];
    added = [];
  };
  for (const line of lines) {
    if (line.kind === 'removed') {
      // A removal after additions starts a new change: pair what came before first.
      if (added.length) flush();
      removed.push(line);
    } else if (line.kind === 'added') {
      added.push(line);
    } else {
      flush();
      rows.push({ left: line, right: line });
    }
  }
  flush();
  return rows;
}
