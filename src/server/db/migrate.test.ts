import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, tempDir } from '../../../test/helpers/test-db.js';
import type { Db } from './kysely.js';
import { migrateToLatest } from './migrate.js';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = tempDir();
  db = await openTestDb(dir);
});
afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const TABLES = [
  'deletion_requests',
  'email_tokens',
  'jobs',
  'pastes',
  'reports',
  'sessions',
  'settings',
  'upload_chunks',
  'upload_sessions',
  'users',
  'vip_licenses',
];

describe('migrations', () => {
  it('create every table and index on an empty database, once', async () => {
    expect(await migrateToLatest(db.kysely, db.dialect, db.schema)).toEqual(['001-initial']);
    expect(await migrateToLatest(db.kysely, db.dialect, db.schema)).toEqual([]);
    // Only our schema: on PostgreSQL other suites' schemas live in the same database.
    const tableQuery =
      db.dialect === 'sqlite'
        ? sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`
        : sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name not like 'kysely_%'`;
    const tables = (await tableQuery.execute(db.kysely)).rows.map((r) => r.name).sort();
    expect(tables).toEqual(TABLES);
    const pastes = (await db.kysely.introspection.getTables()).find((t) => t.name === 'pastes')!;
    expect(pastes.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'id',
        'content',
        'blob_key',
        'privacy',
        'expires_at',
        'burn_after_reading',
        'status',
        'view_count',
      ]),
    );
    const indexQuery =
      db.dialect === 'sqlite'
        ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'pastes'`
        : sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'pastes' and schemaname = current_schema()`;
    const indexes = (await indexQuery.execute(db.kysely)).rows.map((r) => r.name);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'pastes_user_created_idx',
        'pastes_created_idx',
        'pastes_top_views_idx',
        'pastes_expires_idx',
      ]),
    );
  });
});
