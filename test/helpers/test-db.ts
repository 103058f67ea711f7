import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openDb } from '../../src/server/db/kysely.js';
import { testSchemaName } from './pg-global-setup.js';

export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

export function tempDir(prefix = 'pasteshare-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

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
  return openDb({ databaseUrl: url, dataDir, pgSchema: schema, poolSize: 10 });
}

/** A second connection to the database `db` uses, as another instance of the site would open. */
export function openSameDb(db: Db, dataDir: string): Db {
  if (testDialect() === 'sqlite') return openDb({ dataDir });
  return openDb({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir, pgSchema: db.schema, poolSize: 10 });
}
