import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type { Database, PastesTable } from '../../db/schema.js';

export type NewPasteRow = Insertable<PastesTable>;

/** One new paste row, in `tx` (a taken id throws the driver's unique violation). */
export async function insertPasteRow(tx: Kysely<Database>, row: NewPasteRow): Promise<void> {
  await tx.insertInto('pastes').values(row).execute();
}

/** PostgreSQL: the rows in one statement, a taken id skipped; the ids it stored. */
export async function insertPasteRowsSkippingTaken(
  tx: Kysely<Database>,
  rows: NewPasteRow[],
): Promise<Set<string>> {
  const stored = await tx
    .insertInto('pastes')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return new Set(stored.map((r) => r.id));
}

/**
 * SQLite: writes one paste row synchronously, through a statement Kysely compiles once per set of
 * columns (sentinel values give the order of its parameters), for the group commit's one
 * synchronous transaction. Null on PostgreSQL.
 */
export function sqlitePasteRowWriter(db: Db): ((row: NewPasteRow) => void) | null {
  const { driver } = db;
  if (driver.dialect !== 'sqlite') return null;
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
  return (row) => {
    const { sql, columns } = insertFor(row);
    driver.statements.prepare(sql).run(columns.map((c) => row[c] ?? null));
  };
}
