import fs from 'node:fs';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, releaseTestDb, tableColumns, tempDir } from '../../../test/helpers/test-db.js';
import { isUniqueViolation } from './dialect.js';
import type { Db } from './kysely.js';
import { migrateToLatest, runToLatest } from './migrate.js';
import * as initial from './migrations/001-initial.js';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = tempDir();
  db = await openTestDb(dir);
});
afterEach(async () => {
  await db.close();
  await releaseTestDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const TABLES = [
  'access_tokens',
  'audit_log',
  'bans',
  'burned_pastes',
  'collection_pastes',
  'collection_shares',
  'collections',
  'deletion_requests',
  'email_tokens',
  'identity_flows',
  'identity_links',
  'malware_scans',
  'passkey_challenges',
  'passkeys',
  'paste_revision_contents',
  'paste_revisions',
  'paste_search',
  'paste_shares',
  'paste_tags',
  'pastes',
  'recovery_codes',
  'reports',
  'safety_hits',
  'safety_rules',
  'scheduled_backups',
  'second_factor_challenges',
  'sessions',
  'settings',
  'team_members',
  'teams',
  'totp_factors',
  'upload_chunks',
  'upload_sessions',
  'users',
  'vip_licenses',
];

describe('migrations', () => {
  it('create every table and index on an empty database, once', async () => {
    expect(await migrateToLatest(db.kysely, db.dialect, db.schema)).toEqual([
      '001-initial',
      '002-unique-email',
      '003-chunked-uploads',
      '004-burned-pastes',
      '005-paste-language',
      '006-chunk-writes',
      '007-audit-log',
      '008-scheduled-backups',
      '009-upload-digest',
      '010-paste-revisions',
      '011-encrypted-pastes',
      '012-audit-once',
      '013-identity',
      '014-drop-jobs',
      '015-second-factor',
      '016-teams',
      '017-safety',
      '018-session-devices',
      '019-access-tokens',
      '020-bans',
      '021-search',
      '022-collections',
      '023-malware-scan',
      '024-passkeys',
      '025-team-sync',
      '026-upload-tags',
      '027-decided-at',
      '028-paste-files',
    ]);
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
    // SQLite keeps the search words in an FTS5 table, with the tables it is made of.
    const fts = ['', '_config', '_data', '_docsize', '_idx'].map((s) => `paste_search_fts${s}`);
    expect(tables).toEqual(db.dialect === 'sqlite' ? [...TABLES, ...fts].sort() : TABLES);
    const columns = await tableColumns(db);
    expect(columns.get('pastes')).toEqual(
      expect.arrayContaining([
        'id',
        'content',
        'blob_key',
        'privacy',
        'expires_at',
        'burn_after_reading',
        'status',
        'view_count',
        'revision_count',
        'edited_at',
        'forked_from',
        'encryption',
        'sealed_title',
      ]),
    );
    expect(columns.get('upload_sessions')).toEqual(
      expect.arrayContaining([
        'blob_key',
        'store_ref',
        'chunk_size',
        'lease_until',
        'paste_id',
        'progress',
        'encryption',
        'sealed_title',
      ]),
    );
    expect(columns.get('reports')).toEqual(expect.arrayContaining(['shared_key_sealed']));
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

describe('002-unique-email', () => {
  /** A database as 001 left it, with the bookkeeping that lets migrateToLatest go on from there. */
  async function migrateTo001(): Promise<void> {
    const migrator = new Migrator({
      db: db.kysely,
      migrationTableSchema: db.schema,
      provider: {
        getMigrations: async () => ({ '001-initial': { up: (k: Kysely<any>) => initial.up(k, db.dialect) } }),
      },
    });
    await runToLatest(migrator);
  }

  let n = 0;
  const user = (username: string, email: string, verified: number, createdAt: number) => ({
    username,
    username_key: username.toLowerCase(),
    email,
    role: 'user',
    password_hash: 'x',
    created_at: createdAt,
    registration_ip: null,
    api_key_hash: null,
    api_key_hint: null,
    email_verified: verified,
    vip_activated_at: null,
    vip_banner_url: null,
    vip_banner_link: null,
    id: ++n,
  });

  it('keeps each address on the account that verified it, moves the others to placeholders', async () => {
    await migrateTo001();
    const k = db.kysely as Kysely<any>;
    await k
      .insertInto('users')
      .values([
        user('Early', 'same@example.com', 0, 1000),
        user('Verified', 'SAME@example.com', 1, 2000),
        user('Late', 'same@example.com', 0, 3000),
        user('Alone', 'Alone@Example.com', 1, 4000),
        user('First', 'twin@example.com', 0, 5000),
        user('Second', 'twin@example.com', 0, 6000),
      ])
      .execute();
    await k
      .insertInto('email_tokens')
      .values({
        token_hash: 'h1',
        user_id: 1,
        purpose: 'reset-password',
        payload: '{"email":"same@example.com"}',
        created_at: 1,
        expires_at: 9e12,
        used_at: null,
      })
      .execute();

    // From 001 on, 002 is the next one applied (later ones follow it).
    expect((await migrateToLatest(db.kysely, db.dialect, db.schema))[0]).toBe('002-unique-email');
    const rows = await k.selectFrom('users').select(['username', 'email']).orderBy('id').execute();
    expect(rows).toEqual([
      { username: 'Early', email: 'early@users.noreply.local' },
      { username: 'Verified', email: 'same@example.com' },
      { username: 'Late', email: 'late@users.noreply.local' },
      { username: 'Alone', email: 'alone@example.com' },
      { username: 'First', email: 'twin@example.com' },
      { username: 'Second', email: 'second@users.noreply.local' },
    ]);
    expect(await k.selectFrom('email_tokens').selectAll().execute()).toHaveLength(0);

    await expect(
      k
        .insertInto('users')
        .values(user('Another', 'Twin@Example.COM', 0, 7000))
        .execute(),
    ).rejects.toSatisfy(isUniqueViolation);
  });
});
