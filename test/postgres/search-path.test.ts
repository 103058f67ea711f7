import pg from 'pg';
import { expect, it } from 'vitest';
import { openDb } from '../../src/server/db/kysely.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { testSchemaName } from '../helpers/pg-global-setup.js';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

it('migrates the schema a DATABASE_URL selects with search_path, even beside other migrated schemas', async () => {
  const schema = testSchemaName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const withPath = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const db = openDb({ databaseUrl: withPath, dataDir: '/tmp' });
    expect(db.schema).toBe(schema);
    // Every migration, in order, into the schema of the URL's search_path.
    const applied = await migrateToLatest(db.kysely, db.dialect, db.schema);
    expect(applied[0]).toBe('001-initial');
    expect(applied).toEqual([...applied].sort());
    expect(applied.length).toBeGreaterThanOrEqual(5);
    await db.close();
    const tables = await admin.query(
      'select count(*)::int as n from information_schema.tables where table_schema = $1',
      [schema],
    );
    expect(tables.rows[0].n).toBeGreaterThanOrEqual(12);
  } finally {
    await admin.end();
  }
});
