import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Db } from './kysely.js';
import type { Database } from './schema.js';

/** The database as it was at one moment, for a long read (a backup); `end` lets it go. */
export interface Snapshot {
  kysely: Kysely<Database>;
  end(): Promise<void>;
}

/**
 * A read-only snapshot that later writes do not change, held while a backup streams out for
 * seconds or minutes, so that its tables agree with each other (a paste and its revisions, a
 * report and its paste) however the site is edited meanwhile. PostgreSQL: a repeatable-read,
 * read-only transaction on one pooled connection. SQLite: a read transaction on a connection of
 * its own (WAL keeps that connection's snapshot while the main one goes on writing; the log
 * cannot be checkpointed past it until it ends). The snapshot is taken by a first read here.
 */
export async function openSnapshot(db: Db): Promise<Snapshot> {
  if (db.driver.dialect === 'postgres') {
    const trx = await db.kysely
      .startTransaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute();
    try {
      await pin(trx);
    } catch (e) {
      await trx.rollback().execute();
      throw e;
    }
    return { kysely: trx, end: () => trx.commit().execute() };
  }
  const connection = new SQLite(db.driver.sqlite.name, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  try {
    connection.exec('begin');
    await pin(kysely);
  } catch (e) {
    await kysely.destroy();
    throw e;
  }
  return {
    kysely,
    end: async () => {
      if (connection.inTransaction) connection.exec('commit');
      await kysely.destroy();
    },
  };
}

/** Any read of a table starts the snapshot (BEGIN alone does not, on either database). */
async function pin(db: Kysely<Database>): Promise<void> {
  await db.selectFrom('settings').select('key').limit(1).execute();
}
