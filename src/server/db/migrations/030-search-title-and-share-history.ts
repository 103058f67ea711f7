import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Two lookups that read every row without an index:
 * - PostgreSQL search ranks the pastes whose title holds the words first, found through a GIN
 *   index of `paste_search.title_document` (SQLite's FTS5 already indexes its title column).
 *   Without fastupdate: a title is a few words, cheap to index at once, and every search would
 *   otherwise read the index's pending list of unmerged entries too.
 * - A paste's share history is its `paste.share_change` entries in the audit log, found by target.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres')
    await sql`create index paste_search_title_idx on paste_search using gin (title_document)
      with (fastupdate = off)`.execute(db);
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'created_at'])
    .execute();
}
