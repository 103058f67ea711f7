import type { Db } from './kysely.js';

/**
 * Making deleted secrets (a report's shared key) unrecoverable from the database's own files.
 * SQLite runs with `secure_delete` (kysely.ts), so a deleted value is zeroed in its page; but the
 * write-ahead log still holds the pages as they were before, until it is checkpointed and reused.
 * `flush` checkpoints the log into the database and truncates it to nothing. A reader still on an
 * older snapshot (a second connection) makes the checkpoint stop short: it is then tried again by
 * `flushPending` (a background task) until it completes. It never waits for such a reader, since
 * better-sqlite3 would wait with the whole process. PostgreSQL keeps dead row versions until
 * VACUUM, and its WAL until it is recycled: that is the operator's (docs/operations.md).
 */
export interface Erasure {
  /** After secrets were deleted: true when the log holds nothing of them any more. */
  flush(): Promise<boolean>;
  /** A flush that stopped short, tried again; true when none is left to do. */
  flushPending(): Promise<boolean>;
}

export function createErasure(db: Db): Erasure {
  const { driver } = db;
  if (driver.dialect !== 'sqlite') {
    return { flush: async () => true, flushPending: async () => true };
  }
  const { sqlite } = driver;
  let pending = false;

  async function flush(): Promise<boolean> {
    // Holding Kysely's one connection: no transaction of ours is open meanwhile.
    const done = await db.kysely.connection().execute(async () => {
      const waited = sqlite.pragma('busy_timeout', { simple: true }) as number;
      sqlite.pragma('busy_timeout = 0');
      try {
        const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
        return result?.busy === 0;
      } catch {
        // SQLITE_BUSY: another connection is writing; tried again later.
        return false;
      } finally {
        sqlite.pragma(`busy_timeout = ${waited}`);
      }
    });
    pending = !done;
    return done;
  }

  return {
    flush,
    flushPending: async () => (pending ? flush() : true),
  };
}
