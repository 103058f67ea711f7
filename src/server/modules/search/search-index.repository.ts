import type { Statement } from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { DbDriver } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';
import { type SearchDocument, tsvectorLiteral } from './search-document.js';

/** A paste's search document, to write. */
export interface IndexEntry {
  pasteId: string;
  doc: SearchDocument;
}

const SQLITE_DOC = `insert into paste_search (paste_id) values (?)
  on conflict (paste_id) do update set paste_id = excluded.paste_id returning doc_id`;
const SQLITE_WORDS = 'insert or replace into paste_search_fts (rowid, title, body) values (?, ?, ?)';

/**
 * Writes (or replaces) search documents through `db`, a transaction of the caller's: the paste and
 * its document are committed together.
 */
export async function writeDocuments(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  entries: readonly IndexEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  if (dialect === 'postgres') {
    await db
      .insertInto('paste_search')
      .values(
        entries.map((e) => ({
          paste_id: e.pasteId,
          document: sql<string>`cast(${tsvectorLiteral(e.doc)} as tsvector)`,
          title_document: sql<string>`cast(${tsvectorLiteral({ title: e.doc.title, body: [] })} as tsvector)`,
        })),
      )
      .onConflict((oc) =>
        oc.column('paste_id').doUpdateSet({
          document: (eb) => eb.ref('excluded.document'),
          title_document: (eb) => eb.ref('excluded.title_document'),
        }),
      )
      .execute();
    return;
  }
  for (const e of entries) {
    const { rows } = await sql<{ doc_id: number }>`insert into paste_search (paste_id) values (${e.pasteId})
      on conflict (paste_id) do update set paste_id = excluded.paste_id returning doc_id`.execute(db);
    await sql`insert or replace into paste_search_fts (rowid, title, body)
      values (${rows[0]!.doc_id}, ${e.doc.title.join(' ')}, ${e.doc.body.join(' ')})`.execute(db);
  }
}

/**
 * The same write for SQLite, synchronous, for a caller inside a better-sqlite3 transaction (the
 * paste insert batcher's); null on PostgreSQL.
 */
export function sqliteDocumentWriter(driver: DbDriver): ((entry: IndexEntry) => void) | null {
  if (driver.dialect !== 'sqlite') return null;
  const prepared = (text: string) => driver.statements.prepare(text) as Statement<unknown[]>;
  return (e) => {
    const { doc_id } = prepared(SQLITE_DOC).get([e.pasteId]) as { doc_id: number };
    prepared(SQLITE_WORDS).run([doc_id, e.doc.title.join(' '), e.doc.body.join(' ')]);
  };
}

/** What indexing a paste reads of its row. */
export const INDEXED_COLUMNS = [
  'pastes.id',
  'pastes.title',
  'pastes.content',
  'pastes.blob_key',
  'pastes.size_bytes',
  'pastes.privacy',
  'pastes.burn_after_reading',
  'pastes.encryption',
  'pastes.status',
] as const;

/** Ready pastes without a search document (made before search existed), at most `limit`. */
export function pastesWithoutDocument(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('pastes')
    .leftJoin('paste_search', 'paste_search.paste_id', 'pastes.id')
    .select(INDEXED_COLUMNS)
    .where('paste_search.paste_id', 'is', null)
    .where('pastes.status', '=', 'ready')
    .orderBy('pastes.id')
    .limit(limit)
    .execute();
}

/** Ready pastes after `afterId` in id order, at most `limit` (a whole-table reindex, in pages). */
export function readyPastesAfter(db: Kysely<Database>, afterId: string, limit: number) {
  return db
    .selectFrom('pastes')
    .select(INDEXED_COLUMNS)
    .where('pastes.status', '=', 'ready')
    .where('pastes.id', '>', afterId)
    .orderBy('pastes.id')
    .limit(limit)
    .execute();
}

/** One paste as indexing reads it, if it is there. */
export function indexedRowOf(db: Kysely<Database>, pasteId: string) {
  return db.selectFrom('pastes').select(INDEXED_COLUMNS).where('pastes.id', '=', pasteId).executeTakeFirst();
}
