/** A CSV/TSV table as the view shows it (render-table.ts makes it; the view sorts it). */
export interface TableData {
  header: string[];
  rows: string[][];
  numeric: boolean[];
  /** More rows follow in the source than the view shows. */
  truncated: boolean;
}

/** A cell's value as a number for sorting (thousands separators and % ignored), or NaN. */
export function cellNumber(cell: string): number {
  const text = cell.trim().replace(/[,%]/g, '');
  return text === '' ? Number.NaN : Number(text);
}
