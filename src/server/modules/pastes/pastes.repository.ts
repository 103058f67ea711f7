import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { HoldReason } from '../../../common/constants.js';
import type { Database, PastesTable } from '../../db/schema.js';
import { deleteRevisions, revisionBlobKeys } from './paste-revision-cleanup.repository.js';

export type PasteRow = Selectable<PastesTable>;

/** Deletes a paste with all its revisions; returns the blobs that held them, to delete after. */
export async function deletePasteRow(
  db: Kysely<Database>,
  id: string,
): Promise<{ blobKeys: string[] } | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('pastes')
      .where('id', '=', id)
      .returning(['blob_key', 'revision_count'])
      .executeTakeFirst();
    if (!row) return null;
    const blobKeys = new Set(row.blob_key ? [row.blob_key] : []);
    if (Number(row.revision_count) > 1) {
      for (const key of await revisionBlobKeys(tx, [id])) blobKeys.add(key);
      await deleteRevisions(tx, [id]);
    }
    return { blobKeys: [...blobKeys] };
  });
}

/** Inserts a paste unless one with its id exists (finalize may run again after a crash). */
/** Inserts the paste unless its id is taken; true when this call inserted it. */
export async function insertPasteIfAbsent(
  db: Kysely<Database>,
  row: Insertable<PastesTable>,
): Promise<boolean> {
  const r = await db
    .insertInto('pastes')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A processing paste becomes readable; false if it is gone (deleted or expired meanwhile). */
export async function markPasteReady(
  db: Kysely<Database>,
  id: string,
  hold: { reason: HoldReason; at: number } | null = null,
): Promise<boolean> {
  const r = await db
    .updateTable('pastes')
    .set(hold ? { status: 'ready', held_reason: hold.reason, held_at: hold.at } : { status: 'ready' })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Adds counted views to many pastes in one transaction, one statement per 500 pastes: a second of
 * reads spread over thousands of pastes must not cost a commit per paste.
 */
export async function addViews(db: Kysely<Database>, counts: ReadonlyMap<string, number>): Promise<void> {
  const entries = [...counts];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      const increments = sql.join(chunk.map(([id, n]) => sql`(${id}, cast(${n} as bigint))`));
      // VALUES columns are column1, column2… on both SQLite and PostgreSQL; each row of v finds
      // its paste by primary key.
      await sql`update pastes set view_count = view_count + v.column2
        from (values ${increments}) as v where pastes.id = v.column1`.execute(trx);
    }
  });
}
/** Which of `ids` are end-to-end encrypted pastes (live or not, as long as the row is there). */
export async function findEncryptedIds(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('pastes')
    .select('id')
    .where('id', 'in', ids)
    .where('encryption', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Which of `ids` have a paste row (expired ones included until the sweeper deletes them). */
export async function findPresentIds(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('pastes').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}
