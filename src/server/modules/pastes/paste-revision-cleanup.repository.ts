import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

// A paste's revisions go with it: the pastes module deletes them in the same transaction as the
// row (and its sweeper their blobs); the revisions module writes and reads them.

/** The blobs holding revisions of these pastes (to delete with them). */
export async function revisionBlobKeys(db: Kysely<Database>, pasteIds: readonly string[]): Promise<string[]> {
  if (pasteIds.length === 0) return [];
  const rows = await db
    .selectFrom('paste_revision_contents')
    .select('blob_key')
    .where('paste_id', 'in', pasteIds)
    .where('blob_key', 'is not', null)
    .execute();
  return rows.map((r) => r.blob_key!);
}

/** Removes every revision of these pastes (their blobs are the caller's: see revisionBlobKeys). */
export async function deleteRevisions(db: Kysely<Database>, pasteIds: readonly string[]): Promise<void> {
  if (pasteIds.length === 0) return;
  await db.deleteFrom('paste_revisions').where('paste_id', 'in', pasteIds).execute();
  await db.deleteFrom('paste_revision_contents').where('paste_id', 'in', pasteIds).execute();
}
