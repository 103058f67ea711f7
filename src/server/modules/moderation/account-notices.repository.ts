import type { Insertable, Kysely } from 'kysely';
import type { AccountNoticesTable, Database } from '../../db/schema.js';

export async function insertNotices(
  db: Kysely<Database>,
  rows: Omit<Insertable<AccountNoticesTable>, 'id'>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('account_notices').values(rows).execute();
}

/** A notice as read back. */
export type NoticeRow = Awaited<ReturnType<typeof listNotices>>[number];

/** An account's notices, oldest first, at most `limit`. */
export async function listNotices(db: Kysely<Database>, userId: number, limit: number) {
  const rows = await db
    .selectFrom('account_notices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) }));
}

/** Dismisses one of an account's notices; false when it has no such notice. */
export async function deleteNotice(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('account_notices')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
