import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Edits with revisions and forks. The paste row keeps serving its newest revision, so
 * the read path is unchanged; a paste that was never edited has no revision rows (its revision 1
 * is the row itself). Revision contents are kept once per paste and digest: an edit back to an
 * earlier text stores nothing new.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('pastes')
    .addColumn('revision_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('pastes').addColumn('edited_at', 'bigint').execute();
  await db.schema.alterTable('pastes').addColumn('forked_from', 'varchar(32)').execute();

  await db.schema
    .createTable('paste_revisions')
    .addColumn('paste_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(80)')
    .addColumn('language', 'varchar(32)')
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('lines_added', 'integer', (c) => c.notNull())
    .addColumn('lines_removed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('paste_revisions_pk', ['paste_id', 'number'])
    .execute();

  await db.schema
    .createTable('paste_revision_contents')
    .addColumn('paste_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('blob_key', 'varchar(200)')
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('paste_revision_contents_pk', ['paste_id', 'sha256'])
    .execute();
}
