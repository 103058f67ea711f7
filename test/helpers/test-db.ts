import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, openDb } from '../../src/server/db/kysely.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { testSchemaName } from './pg-global-setup.js';

export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

export function tempDir(prefix = 'pasteshare-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Test apps still open on each PostgreSQL schema (the first one and those sharing it). */
const schemaUsers = new Map<string, number>();

/**
 * A fresh, empty database for one test app: a SQLite file in a temp folder, or a PostgreSQL schema
 * of its own (so suites run in parallel without seeing each other; the run's global teardown drops
 * the schemas, see pg-global-setup.ts).
 */
export async function openTestDb(dataDir: string): Promise<Db> {
  if (testDialect() === 'sqlite') return openDb({ dataDir });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const schema = testSchemaName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  schemaUsers.set(schema, 1);
  return openDb({ databaseUrl: url, dataDir, pgSchema: schema, poolSize: 10 });
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A SQLite file migrated to the newest migration, made once per test process (migrations write
 * no rows, so every copy starts as a fresh site would). Copying it is a fraction of migrating,
 * which every test app did before its first request, thousands of times a run.
 */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = tempDir('pasteshare-template-');
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const db = openDb({ dataDir: dir });
    await migrateToLatest(db.kysely, db.dialect);
    // Closing the only connection folds the write-ahead log into the file: the file is all of it.
    await db.close();
    return path.join(dir, 'pasteshare.sqlite');
  })();
  return sqliteTemplate;
}

/**
 * A database for a test app that will migrate it (as the server does at start): on SQLite a copy
 * of an already migrated file, so that migration finds nothing to do; on PostgreSQL a new schema.
 */
export async function openMigratedTestDb(dataDir: string): Promise<Db> {
  if (testDialect() !== 'sqlite') return openTestDb(dataDir);
  fs.copyFileSync(await migratedSqliteFile(), path.join(dataDir, 'pasteshare.sqlite'));
  return openDb({ dataDir });
}

/**
 * Drops a test's PostgreSQL schema once the last app using it has closed: hundreds kept would
 * slow the server's catalogue for everyone. The run's global teardown still drops whatever is
 * left (pg-global-setup.ts).
 */
export async function releaseTestDb(db: Db): Promise<void> {
  const schema = db.schema;
  if (testDialect() !== 'postgres' || !schema || !schemaUsers.has(schema)) return;
  const left = schemaUsers.get(schema)! - 1;
  if (left > 0) {
    schemaUsers.set(schema, left);
    return;
  }
  schemaUsers.delete(schema);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await admin.end();
  }
}

/**
 * The tables of `db`'s own schema and their columns, in order. Not Kysely's introspection: on
 * PostgreSQL it reads every schema, and fails when another suite drops one meanwhile.
 */
export async function tableColumns(db: Db): Promise<Map<string, string[]>> {
  const { rows } =
    db.dialect === 'sqlite'
      ? await sql<{
          t: string;
          c: string;
        }>`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and m.name not like 'sqlite_%' order by m.name, p.cid`.execute(
          db.kysely,
        )
      : await sql<{
          t: string;
          c: string;
        }>`select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`.execute(
          db.kysely,
        );
  const tables = new Map<string, string[]>();
  for (const { t, c } of rows) tables.set(t, [...(tables.get(t) ?? []), c]);
  return tables;
}

/** A second connection to the database `db` uses, as another instance of the site would open. */
export function openSameDb(db: Db, dataDir: string): Db {
  if (testDialect() === 'sqlite') return openDb({ dataDir });
  if (db.schema && schemaUsers.has(db.schema)) schemaUsers.set(db.schema, schemaUsers.get(db.schema)! + 1);
  return openDb({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir, pgSchema: db.schema, poolSize: 10 });
}
