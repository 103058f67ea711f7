import type { Insertable, Kysely } from 'kysely';
import type { Database, DeletionRequestsTable } from '../../db/schema.js';

export async function insertDeletionRequest(
  db: Kysely<Database>,
  row: Omit<Insertable<DeletionRequestsTable>, 'id'>,
): Promise<number> {
  const r = await db.insertInto('deletion_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function findPendingRequest(db: Kysely<Database>, pasteId: string, userId: number) {
  return db
    .selectFrom('deletion_requests')
    .select('id')
    .where('paste_id', '=', pasteId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}
