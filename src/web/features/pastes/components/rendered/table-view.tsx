import { ArrowDown, ArrowUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { RENDER_MESSAGES } from '../../../../../common/messages';
import { cellNumber, type TableData } from '../../../../../common/render/table-data';
import { cn } from '../../../../lib/cn';
import { formatCount } from '../../../../lib/format';

/** Rows per body; bodies off screen are skipped by layout and paint (content-visibility). */
const BLOCK_ROWS = 200;

type Sort = { column: number; descending: boolean } | null;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function sortRows(table: TableData, sort: Sort): string[][] {
  if (!sort) return table.rows;
  const { column, descending } = sort;
  const sign = descending ? -1 : 1;
  const compare = table.numeric[column]
    ? (a: string[], b: string[]) => {
        const x = cellNumber(a[column] ?? '');
        const y = cellNumber(b[column] ?? '');
        // Empty cells last whichever way.
        if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
        return sign * (x - y);
      }
    : (a: string[], b: string[]) => sign * collator.compare(a[column] ?? '', b[column] ?? '');
  return [...table.rows].sort(compare);
}

/** A CSV/TSV paste as a table: a header that stays in view, columns sorted by a click on their name. */
export function TableView({ table }: { table: TableData }) {
  const [sort, setSort] = useState<Sort>(null);
  const rows = useMemo(() => sortRows(table, sort), [table, sort]);
  const width = table.numeric.length;
  const blocks = useMemo(() => {
    const result: string[][][] = [];
    for (let start = 0; start < rows.length; start += BLOCK_ROWS)
      result.push(rows.slice(start, start + BLOCK_ROWS));
    return result;
  }, [rows]);
  const toggle = (column: number) =>
    setSort((now) =>
      now?.column === column
        ? now.descending
          ? null
          : { column, descending: true }
        : { column, descending: false },
    );

  return (
    <div className="space-y-2">
      {table.truncated ? (
        <p className="text-xs text-muted-foreground">
          {RENDER_MESSAGES.tableTruncated(formatCount(table.rows.length))}
        </p>
      ) : null}
      <div className="rendered-table max-h-[75vh] overflow-auto rounded-lg border border-border bg-card">
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr>
              {Array.from({ length: width }, (_, column) => {
                const sorted = sort?.column === column ? sort : null;
                return (
                  <th
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions.
                    key={column}
                    scope="col"
                    aria-sort={sorted ? (sorted.descending ? 'descending' : 'ascending') : undefined}
                    className={cn(table.numeric[column] && 'text-right')}
                  >
                    <button
                      type="button"
                      onClick={() => toggle(column)}
                      className="inline-flex items-center gap-1"
                    >
                      {table.header[column] ?? ''}
                      {sorted ? (
                        sorted.descending ? (
                          <ArrowDown aria-hidden className="size-3" />
                        ) : (
                          <ArrowUp aria-hidden className="size-3" />
                        )
                      ) : null}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          {blocks.map((block, b) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positions.
            <tbody key={b}>
              {block.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in this order.
                <tr key={r}>
                  {Array.from({ length: width }, (_, column) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions.
                      key={column}
                      className={cn(table.numeric[column] && 'text-right tabular-nums')}
                    >
                      {row[column] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}
