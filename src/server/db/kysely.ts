import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect.js';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.js';
import type { Database } from './schema.js';
import { type StatementCache, withStatementCache } from './sqlite-statement-cache.js';

// int8 (bigint) columns hold epoch-ms times and counters: all well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * The driver under Kysely, for the few statements on the hottest paths that skip Kysely's
 * per-query machinery (db/prepared.ts, the paste insert batcher). Everything else goes through Kysely.
 */
export type DbDriver =
  | { dialect: 'sqlite'; sqlite: SQLite.Database; statements: StatementCache }
  | { dialect: 'postgres'; pool: pg.Pool };

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  driver: DbDriver;
  /** PostgreSQL schema in use when not the default one. */
  schema?: string;
  close(): Promise<void>;
}

/** One round trip to the database: readiness and the setup wizard's connection test. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

export interface DbOptions {
  /** postgres:// URL; without it, SQLite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate each suite in its own). */
  pgSchema?: string;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
  poolSize?: number;
}

export function openDb(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // A client losing its server (idle or checked out) must not crash the process with an
    // unhandled 'error' event: the failing query reports it, and the pool reconnects next time.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const schema = opts.pgSchema ?? searchPathOf(opts.databaseUrl);
    const kysely = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }, schema) });
    return {
      kysely,
      dialect: 'postgres',
      driver: { dialect: 'postgres', pool },
      schema,
      close: () => kysely.destroy(),
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, opts.sqliteFile ?? 'pasteshare.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Deleted values are zeroed in their pages, not left in free space for anyone who reads the
  // file: a report's shared key once forgotten, a burned paste's text (see erasure.ts for the log).
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('mmap_size = 268435456');
  const statements = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  return {
    kysely,
    dialect: 'sqlite',
    driver: { dialect: 'sqlite', sqlite, statements },
    close: () => kysely.destroy(),
  };
}

/** The schema a `?options=-c search_path=…` URL selects, so migrations look only there. */
function searchPathOf(databaseUrl: string): string | undefined {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  return /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options)?.[1];
}
