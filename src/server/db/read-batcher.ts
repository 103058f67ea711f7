import type { RowValues } from './prepared.js';

interface Waiting {
  resolve(row: RowValues | undefined): void;
  reject(error: unknown): void;
}

/**
 * Point reads by key that arrive together go to the database as one query. The reads asked during
 * one turn of the event loop are sent at its end (setImmediate) as one `key = any(…)` query: one
 * round trip and one result for all of them. For PostgreSQL, where a query's fixed costs (bind,
 * row description, the driver's parsers, a pool checkout, two socket calls) are larger than the
 * read itself. `readMany` answers the rows found, each with its key as its first value, read at
 * `now` (the latest of the batch's: a paste that expires while waiting is not served).
 *
 * Several batches may be in flight at once: the pool decides how many run together.
 */
export function createReadBatcher(readMany: (keys: string[], now: number) => Promise<RowValues[]>) {
  let waiting: Map<string, Waiting[]> | null = null;
  let latestNow = 0;

  async function flush(): Promise<void> {
    const batch = waiting!;
    const now = latestNow;
    waiting = null;
    try {
      const rows = await readMany([...batch.keys()], now);
      for (const row of rows) {
        for (const w of batch.get(row[0] as string) ?? []) w.resolve(row);
        batch.delete(row[0] as string);
      }
      for (const ws of batch.values()) for (const w of ws) w.resolve(undefined);
    } catch (error) {
      for (const ws of batch.values()) for (const w of ws) w.reject(error);
    }
  }

  return (key: string, now: number): Promise<RowValues | undefined> =>
    new Promise((resolve, reject) => {
      if (waiting === null) {
        waiting = new Map();
        latestNow = now;
        setImmediate(() => void flush());
      }
      if (now > latestNow) latestNow = now;
      const same = waiting.get(key);
      if (same) same.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
}
