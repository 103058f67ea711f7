import type { Insertable } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Db } from '../../db/kysely.js';
import type { PastesTable } from '../../db/schema.js';

export type NewPasteRow = Insertable<PastesTable>;

interface Pending {
  row: NewPasteRow;
  resolve(inserted: boolean): void;
  reject(error: unknown): void;
}

/**
 * Group commit for new pastes. A commit costs far more than an insert (SQLite appends every page
 * the row touched to the WAL; PostgreSQL waits for a WAL flush), so the inserts that arrive
 * together share one transaction: on SQLite the rows queued during one event-loop turn, on
 * PostgreSQL the rows queued while the previous batch was committing. Every caller still hears
 * back only after its row is committed, and hears of its own failure only.
 *
 * `insert` resolves true when the row was stored and false when its id was already taken (the
 * caller draws another id).
 */
export function createPasteInsertBatcher(db: Db) {
  let queue: Pending[] = [];
  let scheduled = false;
  let committing = false;

  /** The slow, always-correct path: each row in its own statement through Kysely. */
  async function insertOneByOne(batch: Pending[]): Promise<void> {
    await Promise.all(
      batch.map(async (p) => {
        try {
          await db.kysely.insertInto('pastes').values(p.row).execute();
          p.resolve(true);
        } catch (e) {
          if (isUniqueViolation(e)) p.resolve(false);
          else p.reject(e);
        }
      }),
    );
  }

  const flushSqlite = sqliteFlusher(db, insertOneByOne);

  async function flushPostgres(batch: Pending[]): Promise<void> {
    let stored: Set<string>;
    try {
      const rows = await db.kysely
        .insertInto('pastes')
        .values(batch.map((p) => p.row))
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      stored = new Set(rows.map((r) => r.id));
    } catch {
      // One bad row (say, its author deleted meanwhile) fails the whole statement: retry each
      // alone so only that caller gets the error.
      return insertOneByOne(batch);
    }
    // Each stored id answers one caller: the first of two rows drawing the same id got it.
    for (const p of batch) p.resolve(stored.delete(p.row.id));
  }

  async function flush(): Promise<void> {
    scheduled = false;
    if (committing || queue.length === 0) return;
    const batch = queue;
    queue = [];
    committing = true;
    try {
      await (db.driver.dialect === 'sqlite' ? flushSqlite(batch) : flushPostgres(batch));
    } catch (e) {
      for (const p of batch) p.reject(e);
    } finally {
      committing = false;
      if (queue.length > 0) schedule();
    }
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush());
  }

  return {
    insert(row: NewPasteRow): Promise<boolean> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        schedule();
      });
    },
  };
}

export type PasteInsertBatcher = ReturnType<typeof createPasteInsertBatcher>;

/**
 * SQLite: one synchronous transaction for the batch with a cached insert statement. A row that
 * breaks a constraint fails alone (SQLite undoes that statement only); an error that ends the
 * transaction fails the batch. While a Kysely transaction is open on the connection the batch
 * must not join it, so it goes the slow way, queued behind that transaction.
 */
function sqliteFlusher(db: Db, fallback: (batch: Pending[]) => Promise<void>) {
  const { driver } = db;
  if (driver.dialect !== 'sqlite') return fallback;
  const { sqlite, statements } = driver;
  // The INSERT for rows with these columns, compiled by Kysely once per column set (sentinel
  // values give the order of its parameters).
  const inserts = new Map<string, { sql: string; columns: (keyof NewPasteRow)[] }>();
  function insertFor(row: NewPasteRow) {
    const columns = Object.keys(row) as (keyof NewPasteRow)[];
    const key = columns.join();
    let insert = inserts.get(key);
    if (!insert) {
      const sentinel = Object.fromEntries(columns.map((c) => [c, `\u0000${c}\u0000`]));
      const query = db.kysely
        .insertInto('pastes')
        .values(sentinel as unknown as NewPasteRow)
        .compile();
      const order = query.parameters.map((p) => String(p).slice(1, -1) as keyof NewPasteRow);
      insert = { sql: query.sql, columns: order };
      inserts.set(key, insert);
    }
    return insert;
  }
  const insertAll = sqlite.transaction((batch: Pending[]) =>
    batch.map((p) => {
      try {
        const { sql, columns } = insertFor(p.row);
        statements.prepare(sql).run(columns.map((c) => p.row[c] ?? null));
        return null;
      } catch (e) {
        if (!sqlite.inTransaction) throw e;
        return e;
      }
    }),
  );

  return async (batch: Pending[]): Promise<void> => {
    if (sqlite.inTransaction) return fallback(batch);
    const errors = insertAll(batch);
    batch.forEach((p, i) => {
      const e = errors[i];
      if (e === null) p.resolve(true);
      else if (isUniqueViolation(e)) p.resolve(false);
      else p.reject(e);
    });
  };
}
