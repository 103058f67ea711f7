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

/** A deletion request with its paste's title and the requester's name. */
export type DeletionRequestRow = Awaited<ReturnType<typeof listDeletionRequests>>[number];

/** Deletion requests newest first, with the requester's username. */
export function listDeletionRequests(db: Kysely<Database>, limit: number, only?: number) {
  let q = db
    .selectFrom('deletion_requests')
    .leftJoin('users', 'users.id', 'deletion_requests.user_id')
    .select([
      'deletion_requests.id',
      'deletion_requests.paste_id',
      'deletion_requests.paste_title',
      'deletion_requests.user_id',
      'deletion_requests.reason',
      'deletion_requests.status',
      'deletion_requests.created_at',
      'users.username',
    ])
    .orderBy('deletion_requests.created_at', 'desc')
    .orderBy('deletion_requests.id', 'desc')
    .limit(limit);
  if (only !== undefined) q = q.where('deletion_requests.id', '=', only);
  return q.execute();
}
