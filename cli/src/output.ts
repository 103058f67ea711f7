import { safeForTerminal } from './safe-text.js';

/** Where and how a command writes what it found. */
export interface Output {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  json: boolean;
  quiet: boolean;
}

/** A line for a person: whatever in it came from the site is made safe for a terminal first. */
export function print(out: Output, line: string): void {
  if (!out.quiet) out.stdout.write(`${safeForTerminal(line)}\n`);
}

/** `--json`: the answer as the site gave it, for a program to read. */
export function printJson(out: Output, value: unknown): void {
  out.stdout.write(`${JSON.stringify(value)}\n`);
}

/** 512 B, 3.4 KB, 12.50 MB. */
export function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** "1 view", "12 views". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Rows as aligned columns, two spaces apart: each column as wide as its widest cell, numbers
 * (`right`) aligned on the right, the last column left as it is (a title of any length).
 * Widths are measured on the text as it will be printed (made safe for a terminal).
 */
export function columns(rows: string[][], right: ReadonlySet<number> = new Set()): string[] {
  const cells = rows.map((row) => row.map((cell) => safeForTerminal(cell)));
  const widths: number[] = [];
  for (const row of cells) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, width(cell));
    });
  }
  return cells.map((row) =>
    row
      .map((cell, i) => {
        if (i === row.length - 1) return cell;
        const pad = ' '.repeat(widths[i]! - width(cell));
        return right.has(i) ? pad + cell : cell + pad;
      })
      .join('  '),
  );
}

/** Characters as a terminal counts them (code points; wide East Asian characters are rare in these columns). */
const width = (text: string) => [...text].length;
