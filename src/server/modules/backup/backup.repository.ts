import { type Kysely, sql } from 'kysely';
import type { BackupTable } from '../../../common/schemas/backup.js';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { PASSED_TEST_KEYS, SERVER_SECRET_KEY, SETUP_COMPLETED_KEY } from '../settings/settings.defaults.js';

/**
 * The backup reads and replaces every table the site needs, so its SQL touches them all: the one
 * exception to "a module's tables are its own", kept here rather than spread as export/import
 * functions over six repositories (see docs/decisions.md).
 */

/**
 * Settings that belong to this installation, never to a backup: its secret, the tests its admin
 * passed, and whether its setup is done (an import must never reopen first-run setup).
 */
const LOCAL_SETTINGS = [SERVER_SECRET_KEY, ...Object.values(PASSED_TEST_KEYS), SETUP_COMPLETED_KEY];

export const isLocalSetting = (key: unknown): boolean => LOCAL_SETTINGS.includes(key as string);

const COLUMNS = {
  settings: ['key', 'value', 'updated_at'],
  users: [
    'id',
    'username',
    'username_key',
    'email',
    'role',
    'password_hash',
    'created_at',
    'registration_ip',
    'api_key_hash',
    'api_key_hint',
    'email_verified',
    'vip_activated_at',
    'vip_banner_url',
    'vip_banner_link',
  ],
  pastes: [
    'id',
    'title',
    'content',
    'blob_key',
    'privacy',
    'password_hash',
    'expiration',
    'expires_at',
    'burn_after_reading',
    'burn_claimed_at',
    'creator_token_hash',
    'view_count',
    'user_id',
    'created_at',
    'language',
    'encryption',
    'sealed_title',
  ],
  reports: ['id', 'paste_id', 'paste_title', 'reported_by', 'reason', 'status', 'created_at', 'reporter_ip'],
  deletion_requests: ['id', 'paste_id', 'paste_title', 'user_id', 'reason', 'status', 'created_at'],
  vip_licenses: ['id', 'license_key', 'is_used', 'used_by', 'used_at', 'created_at'],
} as const;

const KEY_OF: Record<BackupTable, 'id' | 'key'> = {
  settings: 'key',
  users: 'id',
  pastes: 'id',
  reports: 'id',
  deletion_requests: 'id',
  vip_licenses: 'id',
};

/** One page of a table in key order, after `after` (keyset paging: memory stays flat). */
export async function readPage(
  db: Kysely<Database>,
  table: BackupTable,
  after: string | number | null,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const key = KEY_OF[table];
  // One query shape over six tables: the caller knows each row's type.
  let q = (db as Kysely<any>)
    .selectFrom(table)
    .select([...COLUMNS[table]])
    .orderBy(key)
    .limit(limit);
  if (after !== null) q = q.where(key, '>', after);
  if (table === 'settings') q = q.where('key', 'not in', LOCAL_SETTINGS);
  if (table === 'pastes') q = q.where('status', '=', 'ready');
  return q.execute();
}

/** Blob keys of the pastes about to be replaced (deleted once the new data is committed). */
export async function pasteBlobKeys(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('pastes')
    .select('blob_key')
    .where('blob_key', 'is not', null)
    .union(db.selectFrom('paste_revision_contents').select('blob_key').where('blob_key', 'is not', null))
    .execute();
  return rows.map((r) => r.blob_key!);
}

/** Empties what a backup replaces, children first; this installation's own settings stay. */
export async function deleteAll(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('vip_licenses').execute();
  await db.deleteFrom('deletion_requests').execute();
  await db.deleteFrom('reports').execute();
  await db.deleteFrom('upload_chunks').execute();
  await db.deleteFrom('upload_sessions').execute();
  await db.deleteFrom('paste_revisions').execute();
  await db.deleteFrom('paste_revision_contents').execute();
  await db.deleteFrom('pastes').execute();
  await db.deleteFrom('email_tokens').execute();
  await db.deleteFrom('sessions').execute();
  await db.deleteFrom('users').execute();
  await db.deleteFrom('settings').where('key', 'not in', LOCAL_SETTINGS).execute();
}

export async function insertRow(db: Kysely<Database>, table: BackupTable, row: Record<string, unknown>) {
  // Rows were checked against the table's schema before they get here.
  await (db as Kysely<any>).insertInto(table).values(row).execute();
}

/** PostgreSQL: serial ids continue after the highest imported one. */
export async function resetSequences(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of ['users', 'reports', 'deletion_requests', 'vip_licenses']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
