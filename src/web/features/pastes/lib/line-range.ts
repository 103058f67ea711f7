/**
 * A linked line range: `#L12` or `#L12-L20` in the URL. Lines count from 1. A file of a multi-file
 * paste puts its own prefix in front (`#file-notes-md-L12`), so each file's lines link apart.
 */
export interface LineRange {
  start: number;
  end: number;
}

const HASH = /^#L(\d{1,9})(?:-L?(\d{1,9}))?$/;

export function parseLineHash(hash: string, prefix = ''): LineRange | null {
  if (!hash.startsWith(`#${prefix}`)) return null;
  const match = HASH.exec(`#${hash.slice(prefix.length + 1)}`);
  if (!match) return null;
  const a = Number(match[1]);
  const b = match[2] ? Number(match[2]) : a;
  if (a < 1 || b < 1) return null;
  return { start: Math.min(a, b), end: Math.max(a, b) };
}

export function formatLineHash(range: LineRange, prefix = ''): string {
  const lines = range.start === range.end ? `L${range.start}` : `L${range.start}-L${range.end}`;
  return `#${prefix}${lines}`;
}

/** A click sets one line; a shift-click extends from the current range's first line. */
export function selectLine(current: LineRange | null, line: number, extend: boolean): LineRange {
  if (!extend || !current) return { start: line, end: line };
  const anchor = current.start;
  return { start: Math.min(anchor, line), end: Math.max(anchor, line) };
}

export function inRange(range: LineRange | null, line: number): boolean {
  return range !== null && line >= range.start && line <= range.end;
}
