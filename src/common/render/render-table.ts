/**
 * A CSV or TSV text as a table's data (papaparse: quoted fields, embedded separators and line
 * breaks): the first row is the header, at most TABLE_VIEW_MAX_ROWS rows follow, and a column
 * whose every filled cell is a number is marked numeric (right-aligned, sorted as numbers).
 * Cells stay text: the view renders them as text nodes, never as markup.
 */
import Papa from 'papaparse';
import { TABLE_VIEW_MAX_ROWS } from '../constants.js';

import type { TableData } from './table-data.js';

export type { TableData };

const NUMBER = /^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][-+]?\d+)?%?$/;

const isNumber = (cell: string) => NUMBER.test(cell.trim()) && /\d/.test(cell);

export function renderTable(text: string, delimiter: ',' | '\t'): TableData {
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    preview: TABLE_VIEW_MAX_ROWS + 2,
    skipEmptyLines: 'greedy',
  });
  const [header = [], ...rest] = parsed.data;
  const rows = rest.slice(0, TABLE_VIEW_MAX_ROWS);
  const width = Math.max(header.length, ...rows.slice(0, 1000).map((r) => r.length));
  const numeric = Array.from({ length: width }, (_, column) => {
    let seen = false;
    for (const row of rows) {
      const cell = row[column] ?? '';
      if (cell.trim() === '') continue;
      if (!isNumber(cell)) return false;
      seen = true;
    }
    return seen;
  });
  return { header, rows, numeric, truncated: rest.length > TABLE_VIEW_MAX_ROWS };
}
