import type { Kysely } from 'kysely';
import type { Database, ModerationStatus } from '../../db/schema.js';

/**
 * Reports and deletion requests are one kind of queue: items about a paste, pending until staff
 * decide them. What the two tables share (find, decide, count) is written once here; what differs
 * (who files an item, what a list shows) stays in reports.repository and deletion-requests.repository.
 */
export type ModerationQueue = 'reports' | 'deletion_requests';

export function findQueueItem(db: Kysely<Database>, queue: ModerationQueue, id: number) {
  return db
    .selectFrom(queue as 'reports')
    .select(['id', 'paste_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Moves an item from one status to another in one conditional statement, so of two staff
 * deciding at once exactly one changes the row. Returns whether this call changed it.
 */
export async function moveQueueItem(
  db: Kysely<Database>,
  queue: ModerationQueue,
  id: number,
  from: ModerationStatus,
  to: ModerationStatus,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable(queue as 'reports')
    .set({ status: to, decided_at: to === 'pending' ? null : now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countPending(db: Kysely<Database>, queue: ModerationQueue): Promise<number> {
  const r = await db
    .selectFrom(queue as 'reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The other pending items about a paste take the decision one of them got (one card, one paste). */
export async function decidePendingOf(
  db: Kysely<Database>,
  queue: ModerationQueue,
  pasteId: string,
  to: ModerationStatus,
  now: number,
): Promise<void> {
  await db
    .updateTable(queue as 'reports')
    .set({ status: to, decided_at: now })
    .where('paste_id', '=', pasteId)
    .where('status', '=', 'pending')
    .execute();
}
