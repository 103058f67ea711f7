import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import { SEARCH_INDEX_BYTES } from '../../../common/constants.js';
import { isTextSearchable } from '../../../common/policies.js';
import { isConstraintViolation } from '../../db/dialect.js';
import type { Db } from '../../db/kysely.js';
import type { Database, PasteStatus } from '../../db/schema.js';
import { BlobNotFoundError, type BlobStore } from '../../infra/blob-store/index.js';
import { EMPTY_DOCUMENT, firstBytes, type SearchDocument, searchDocument } from './search-document.js';
import {
  type IndexEntry,
  indexedRowOf,
  pastesWithoutDocument,
  readyPastesAfter,
  sqliteDocumentWriter,
  writeDocuments,
} from './search-index.repository.js';

export type { IndexEntry, SearchDocument };

/** What deciding a paste's document reads of it. */
export interface IndexedPaste {
  title: string | null;
  privacy: Parameters<typeof isTextSearchable>[0]['privacy'];
  burnAfterReading: boolean;
  encrypted: boolean;
  status: PasteStatus;
}

/** Where a paste's text is: in its row, or the start of its blob. */
export interface TextPlace {
  content: string | null;
  blob_key: string | null;
  size_bytes: number;
}

type IndexedRow = Awaited<ReturnType<typeof indexedRowOf>> & {};

const BACKFILL_BATCH = 200;

/**
 * The search index kept in step with the pastes: every write of a paste (create, assembly, edit,
 * import) writes its document in the same transaction, through `write` (or `writeSync`, inside
 * the SQLite insert batcher's synchronous transaction). Deletes need nothing: the document goes
 * with its paste (migration 021). Pastes older than search are indexed by `backfill`.
 */
export function createSearchIndex({ db, blobs }: { db: Db; blobs: BlobStore }) {
  const syncWriter = sqliteDocumentWriter(db.driver);
  let backfilled = false;

  /** The first SEARCH_INDEX_BYTES of a paste's text ('' when its blob is gone meanwhile). */
  async function textOf(place: TextPlace): Promise<string> {
    if (place.content !== null) return firstBytes(place.content);
    if (place.blob_key === null || place.size_bytes === 0) return '';
    const end = Math.min(place.size_bytes, SEARCH_INDEX_BYTES) - 1;
    try {
      return (await buffer(await blobs.get(place.blob_key, { start: 0, end }))).toString('utf8');
    } catch (e) {
      if (e instanceof BlobNotFoundError) return '';
      throw e;
    }
  }

  /**
   * A paste's document: nothing of an encrypted paste (its title is a placeholder), the title
   * alone of one whose text is not searchable, else the title and the first MB of `text`.
   */
  async function documentFor(paste: IndexedPaste, text: () => Promise<string> | string) {
    if (paste.encrypted) return EMPTY_DOCUMENT;
    return searchDocument(paste.title, isTextSearchable(paste) ? await text() : null);
  }

  const factsOf = (row: IndexedRow): IndexedPaste => ({
    title: row.title,
    privacy: row.privacy,
    burnAfterReading: row.burn_after_reading === 1,
    encrypted: row.encryption !== null,
    status: row.status,
  });

  async function entriesOf(rows: IndexedRow[]): Promise<IndexEntry[]> {
    const entries: IndexEntry[] = [];
    for (const row of rows) {
      entries.push({ pasteId: row.id, doc: await documentFor(factsOf(row), () => textOf(row)) });
    }
    return entries;
  }

  return {
    documentFor,
    textOf,

    /** Writes documents through `tx`, the transaction that writes their pastes. */
    write: (tx: Kysely<Database>, entries: readonly IndexEntry[]) => writeDocuments(tx, db.dialect, entries),

    /** SQLite: the same write inside a synchronous better-sqlite3 transaction (null on PostgreSQL). */
    writeSync: syncWriter,

    /**
     * The document paste `pasteId` will have once ready (a chunked upload about to be marked
     * ready: made before its transaction, which then only writes it); null if it is gone.
     */
    async documentOnceReady(pasteId: string): Promise<SearchDocument | null> {
      const row = await indexedRowOf(db.kysely, pasteId);
      if (!row) return null;
      return documentFor({ ...factsOf(row), status: 'ready' }, () => textOf(row));
    },

    /** Indexes every ready paste in `tx` (a restored backup, inside its import transaction). */
    async reindexAll(tx: Kysely<Database>): Promise<number> {
      let after = '';
      let total = 0;
      for (;;) {
        const rows = await readyPastesAfter(tx, after, BACKFILL_BATCH);
        await writeDocuments(tx, db.dialect, await entriesOf(rows));
        total += rows.length;
        if (rows.length < BACKFILL_BATCH) return total;
        after = rows[rows.length - 1]!.id;
      }
    },

    /**
     * Indexes a batch of ready pastes that have no document (made before search existed); a
     * background task. Once a run finds none, this process stops looking: every write since
     * indexes its paste itself.
     */
    async backfill(limit: number = BACKFILL_BATCH): Promise<number> {
      if (backfilled) return 0;
      const rows = await pastesWithoutDocument(db.kysely, limit);
      if (rows.length === 0) {
        backfilled = true;
        return 0;
      }
      const entries = await entriesOf(rows);
      const writeAll = (some: IndexEntry[]) =>
        db.kysely.transaction().execute((tx) => writeDocuments(tx, db.dialect, some));
      try {
        await writeAll(entries);
      } catch (e) {
        if (!isConstraintViolation(e)) throw e;
        // A paste deleted meanwhile: the others are written one at a time, without it.
        for (const entry of entries) {
          await writeAll([entry]).catch((err: unknown) => {
            if (!isConstraintViolation(err)) throw err;
          });
        }
      }
      return rows.length;
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
