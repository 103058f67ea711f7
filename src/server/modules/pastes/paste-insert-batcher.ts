import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Db } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';
import type { SearchDocument, SearchIndex } from '../search/search-index.service.js';
import {
  insertPasteRow,
  insertPasteRowsSkippingTaken,
  type NewPasteRow,
  sqlitePasteRowWriter,
} from './paste-inserts.repository.js';
import { insertTags, sqliteTagWriter } from './paste-tags.repository.js';

export type { NewPasteRow };

/** What is written with a new paste, in its transaction: its tags and its search document. */
export interface PasteCompanions {
  tags: readonly string[];
  doc: SearchDocument | null;
}

const NONE: PasteCompanions = { tags: [], doc: null };

interface Pending {
  row: NewPasteRow;
  companions: PasteCompanions;
  resolve(inserted: boolean): void;
  reject(error: unknown): void;
}

type IndexWriter = Pick<SearchIndex, 'write' | 'writeSync'>;

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
export function createPasteInsertBatcher(db: Db, search?: IndexWriter) {
  let queue: Pending[] = [];
  let scheduled = false;
  let committing = false;

  /** The tags and documents of stored pastes, through the transaction that stores them. */
  async function writeCompanions(tx: Kysely<Database>, stored: Pending[]): Promise<void> {
    for (const p of stored) await insertTags(tx, p.row.id, p.companions.tags);
    const docs = stored.flatMap((p) =>
      p.companions.doc ? [{ pasteId: p.row.id, doc: p.companions.doc }] : [],
    );
    if (search) await search.write(tx, docs);
  }

  /** The slow, always-correct path: each row in its own transaction through Kysely. */
  async function insertOneByOne(batch: Pending[]): Promise<void> {
    await Promise.all(
      batch.map(async (p) => {
        try {
          await db.kysely.transaction().execute(async (tx) => {
            await insertPasteRow(tx, p.row);
            await writeCompanions(tx, [p]);
          });
          p.resolve(true);
        } catch (e) {
          if (isUniqueViolation(e)) p.resolve(false);
          else p.reject(e);
        }
      }),
    );
  }

  const flushSqlite = sqliteFlusher(db, search?.writeSync ?? null, insertOneByOne);

  async function flushPostgres(batch: Pending[]): Promise<void> {
    let stored: Set<string>;
    try {
      stored = await db.kysely.transaction().execute(async (tx) => {
        const ids = await insertPasteRowsSkippingTaken(
          tx,
          batch.map((p) => p.row),
        );
        // The first of two rows drawing the same id is the one stored.
        const seen = new Set<string>();
        const mine = batch.filter((p) => ids.has(p.row.id) && !seen.has(p.row.id) && seen.add(p.row.id));
        await writeCompanions(tx, mine);
        return ids;
      });
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
    /** Stores `row` with its companions (tags, search document) in one transaction. */
    insert(row: NewPasteRow, companions: PasteCompanions = NONE): Promise<boolean> {
      return new Promise((resolve, reject) => {
        queue.push({ row, companions, resolve, reject });
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
function sqliteFlusher(
  db: Db,
  writeDoc: SearchIndex['writeSync'],
  fallback: (batch: Pending[]) => Promise<void>,
) {
  const { driver } = db;
  if (driver.dialect !== 'sqlite') return fallback;
  const { sqlite } = driver;
  const writeTag = sqliteTagWriter(driver)!;
  const writeRow = sqlitePasteRowWriter(db)!;
  // Each row with its companions in a savepoint of the batch's transaction: all of it or none.
  const insertOne = sqlite.transaction((p: Pending) => {
    writeRow(p.row);
    for (const tag of p.companions.tags) writeTag(p.row.id, tag);
    if (writeDoc && p.companions.doc) writeDoc({ pasteId: p.row.id, doc: p.companions.doc });
  });
  const insertAll = sqlite.transaction((batch: Pending[]) =>
    batch.map((p) => {
      try {
        insertOne(p);
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
