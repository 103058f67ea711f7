import { type Kysely, sql } from 'kysely';
import type { BackupTable } from '../../../common/schemas/backup.js';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

import { COLUMNS, KEY_OF, LOCAL_SETTINGS, type PageKey } from './backup-tables.js';

/**
 * The backup reads and replaces every table the site needs, so its SQL touches them all: the one
 * exception to "a module's tables are its own", kept here rather than spread as export/import
 * functions over six repositories (see docs/decisions.md).
 */

/**
 * One page of a table in key order, after `after` (keyset paging: memory stays flat). Revisions
 * are read for the pastes the backup carries (ready ones) only.
 */
export async function readPage(
  db: Kysely<Database>,
  table: BackupTable,
  after: PageKey,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const key = KEY_OF[table];
  const prefix = table === 'paste_revisions' || table === 'paste_revision_contents' ? 'r.' : '';
  // One query shape over the tables: the caller knows each row's type.
  let q = (db as Kysely<any>)
    .selectFrom(prefix ? `${table} as r` : table)
    .select(COLUMNS[table].map((c) => `${prefix}${c}`))
    .limit(limit);
  for (const column of key) q = q.orderBy(`${prefix}${column}`);
  if (after !== null)
    q = q.where(
      afterKey(
        key.map((c) => `${prefix}${c}`),
        after,
      ),
    );
  if (table === 'settings') q = q.where('key', 'not in', LOCAL_SETTINGS);
  if (table === 'pastes') q = q.where('status', '=', 'ready');
  // Grants, tags and verdicts go with the pastes the backup carries.
  if (
    table === 'paste_shares' ||
    table === 'paste_tags' ||
    table === 'collection_pastes' ||
    table === 'malware_scans'
  ) {
    q = q.where(
      'paste_id',
      'in',
      (db as Kysely<any>).selectFrom('pastes').select('id').where('status', '=', 'ready'),
    );
  }
  if (prefix) {
    q = q.innerJoin('pastes as p', 'p.id', 'r.paste_id').where('p.status', '=', 'ready');
  }
  if (table === 'paste_revision_contents') {
    // The newest revision's text is the paste row's own: named so, not written twice.
    q = q
      .leftJoin('paste_revisions as n', (j: any) =>
        j.onRef('n.paste_id', '=', 'r.paste_id').onRef('n.number', '=', 'p.revision_count'),
      )
      .select([
        'r.content',
        'r.blob_key',
        sql<number>`case when n.sha256 = r.sha256 then 1 else 0 end`.as('is_newest'),
      ]);
  }
  return q.execute();
}

/** Rows after `after` in the order of `columns` (a row-value comparison, on both databases). */
function afterKey(columns: string[], after: unknown[]) {
  return (eb: any) =>
    columns.length === 1
      ? eb(columns[0], '>', after[0])
      : eb(eb.refTuple(...columns), '>', eb.tuple(...after));
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

/**
 * Empties what a backup replaces, children first; this installation's own settings stay, and so
 * do the histories a backup does not carry (the audit log, what content rules caught).
 */
export async function deleteAll(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('account_notices').execute();
  await db.deleteFrom('safety_outcomes').execute();
  await db.deleteFrom('safety_rules').execute();
  await db.deleteFrom('malware_scans').execute();
  await db.deleteFrom('collection_shares').execute();
  await db.deleteFrom('collection_pastes').execute();
  await db.deleteFrom('collections').execute();
  await db.deleteFrom('paste_shares').execute();
  await db.deleteFrom('paste_tags').execute();
  await db.deleteFrom('team_members').execute();
  await db.deleteFrom('teams').execute();
  await db.deleteFrom('bans').execute();
  await db.deleteFrom('access_tokens').execute();
  await db.deleteFrom('passkey_challenges').execute();
  await db.deleteFrom('passkeys').execute();
  await db.deleteFrom('recovery_codes').execute();
  await db.deleteFrom('totp_factors').execute();
  await db.deleteFrom('second_factor_challenges').execute();
  await db.deleteFrom('vip_licenses').execute();
  await db.deleteFrom('deletion_requests').execute();
  await db.deleteFrom('reports').execute();
  await db.deleteFrom('upload_chunks').execute();
  await db.deleteFrom('upload_sessions').execute();
  await db.deleteFrom('paste_revisions').execute();
  await db.deleteFrom('paste_revision_contents').execute();
  await db.deleteFrom('pastes').execute();
  await db.deleteFrom('email_tokens').execute();
  await db.deleteFrom('identity_flows').execute();
  await db.deleteFrom('identity_links').execute();
  await db.deleteFrom('sessions').execute();
  await db.deleteFrom('users').execute();
  await db.deleteFrom('settings').where('key', 'not in', LOCAL_SETTINGS).execute();
}

export async function insertRow(db: Kysely<Database>, table: BackupTable, row: Record<string, unknown>) {
  // Rows were checked against the table's schema before they get here.
  await (db as Kysely<any>).insertInto(table).values(row).execute();
}

/** Which of these pastes exist now (read outside any snapshot). */
export async function livePasteIds(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  const rows = await db.selectFrom('pastes').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/**
 * Leaves a restored paste out again, with its revisions (a paste the backup lists as gone).
 * Returns the blob keys its rows held, for the caller to delete once the import is committed.
 */
export async function dropRestoredPaste(db: Kysely<Database>, pasteId: string): Promise<string[]> {
  const keys = await db
    .selectFrom('pastes')
    .select('blob_key')
    .where('id', '=', pasteId)
    .where('blob_key', 'is not', null)
    .union(
      db
        .selectFrom('paste_revision_contents')
        .select('blob_key')
        .where('paste_id', '=', pasteId)
        .where('blob_key', 'is not', null),
    )
    .execute();
  await db.deleteFrom('paste_revisions').where('paste_id', '=', pasteId).execute();
  await db.deleteFrom('paste_revision_contents').where('paste_id', '=', pasteId).execute();
  await db.deleteFrom('pastes').where('id', '=', pasteId).execute();
  return keys.map((k) => k.blob_key!);
}

/** A restored paste's revision count, or undefined when the backup has no such paste (yet). */
export async function revisionCountOf(db: Kysely<Database>, pasteId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('pastes')
    .select('revision_count')
    .where('id', '=', pasteId)
    .executeTakeFirst();
  return row?.revision_count;
}

/** A restored paste's stored text (the newest revision's) and the digest its newest revision names. */
export function newestRevisionOf(db: Kysely<Database>, pasteId: string) {
  return db
    .selectFrom('pastes as p')
    .innerJoin('paste_revisions as r', (j) =>
      j.onRef('r.paste_id', '=', 'p.id').onRef('r.number', '=', 'p.revision_count'),
    )
    .select(['r.sha256', 'p.content', 'p.blob_key', 'p.size_bytes'])
    .where('p.id', '=', pasteId)
    .executeTakeFirst();
}

/** Whether a restored revision of this paste has this digest. */
export async function revisionHasDigest(db: Kysely<Database>, pasteId: string, sha256: string) {
  const row = await db
    .selectFrom('paste_revisions')
    .select('number')
    .where('paste_id', '=', pasteId)
    .where('sha256', '=', sha256)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What a restored history misses, if anything: an edited paste without each of its revisions, or
 * a revision without its text. The first such paste, and what is missing.
 */
export async function gapInHistories(
  db: Kysely<Database>,
): Promise<{ pasteId: string; missing: 'revisions' | 'text' } | undefined> {
  const counted = await db
    .selectFrom('pastes as p')
    .leftJoin('paste_revisions as r', 'r.paste_id', 'p.id')
    .select('p.id')
    .where('p.revision_count', '>', 1)
    .groupBy(['p.id', 'p.revision_count'])
    .having((eb) => eb(eb.fn.count('r.number'), '<>', eb.ref('p.revision_count')))
    .orderBy('p.id')
    .executeTakeFirst();
  if (counted) return { pasteId: counted.id, missing: 'revisions' };
  const textless = await db
    .selectFrom('paste_revisions as r')
    .leftJoin('paste_revision_contents as c', (j) =>
      j.onRef('c.paste_id', '=', 'r.paste_id').onRef('c.sha256', '=', 'r.sha256'),
    )
    .select('r.paste_id')
    .where('c.sha256', 'is', null)
    .orderBy('r.paste_id')
    .executeTakeFirst();
  return textless ? { pasteId: textless.paste_id, missing: 'text' } : undefined;
}

/** PostgreSQL: serial ids continue after the highest imported one. */
export async function resetSequences(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of [
    'users',
    'reports',
    'deletion_requests',
    'vip_licenses',
    'teams',
    'paste_shares',
    'bans',
    'access_tokens',
    'passkeys',
    'collection_shares',
    'safety_rules',
    'safety_outcomes',
    'account_notices',
  ]) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** A restored paste with more than `max` tags, if any. */
export async function pasteWithTagsOver(db: Kysely<Database>, max: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('paste_tags')
    .select('paste_id')
    .groupBy('paste_id')
    .having((eb) => eb(eb.fn.countAll(), '>', max))
    .orderBy('paste_id')
    .executeTakeFirst();
  return row?.paste_id;
}
