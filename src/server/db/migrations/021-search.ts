import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Tags and full-text search.
 *
 * `paste_tags`: a paste's tags, one row each, gone with the paste (cascade).
 *
 * `paste_search`: one row per ready paste, written by the application in the same transaction as
 * the paste (modules/search/search-index), with the paste's words already split and lower-cased
 * there (so both engines index exactly the same words): its title's, and its text's (first MB)
 * only when someone may search its text (see isTextSearchable in common/policies.ts). Gone with
 * the paste (cascade), so a delete, a burn or the expiry sweep takes it in the same statement.
 *
 * PostgreSQL keeps the words as a tsvector (title words weighted A) under a GIN index, and the
 * title's words again in a small tsvector of their own, which ranking reads. SQLite keeps
 * them in an FTS5 table (contentless: the words are not stored twice) whose rowid is
 * `paste_search.doc_id`; a trigger deletes the FTS row when its `paste_search` row goes, the
 * cascade included. Pastes made before this migration are indexed by a background task.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('paste_tags')
    .addColumn('paste_id', 'varchar(32)', (c) => c.notNull().references('pastes.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('paste_tags_pk', ['paste_id', 'tag'])
    .execute();
  await db.schema.createIndex('paste_tags_tag_idx').on('paste_tags').columns(['tag', 'paste_id']).execute();

  if (dialect === 'postgres') {
    await db.schema
      .createTable('paste_search')
      .addColumn('paste_id', 'varchar(32)', (c) => c.primaryKey().references('pastes.id').onDelete('cascade'))
      .addColumn('document', sql`tsvector`, (c) => c.notNull())
      // The title's words alone, small enough to rank by without reading the whole document.
      .addColumn('title_document', sql`tsvector`, (c) => c.notNull())
      .execute();
    await sql`create index paste_search_document_idx on paste_search using gin (document)`.execute(db);
    return;
  }
  await db.schema
    .createTable('paste_search')
    .addColumn('doc_id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('paste_id', 'varchar(32)', (c) =>
      c.notNull().unique().references('pastes.id').onDelete('cascade'),
    )
    .execute();
  // Token characters as the application splits words: letters, digits, marks, private use, '_'.
  await sql`create virtual table paste_search_fts using fts5(title, body, content = '',
    contentless_delete = 1,
    tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*' tokenchars '_'")`.execute(db);
  await sql`create trigger paste_search_gone after delete on paste_search begin
    delete from paste_search_fts where rowid = old.doc_id;
  end`.execute(db);
}
