import type { Insertable, Kysely } from 'kysely';
import type { Database, ModerationStatus, ReportsTable } from '../../db/schema.js';

export async function insertReport(
  db: Kysely<Database>,
  row: Omit<Insertable<ReportsTable>, 'id'>,
): Promise<number> {
  const r = await db.insertInto('reports').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Reports newest first, with the reporter's username (null for visitors or deleted accounts). */
export function listReports(db: Kysely<Database>, limit: number, only?: number) {
  let q = db
    .selectFrom('reports')
    .leftJoin('users', 'users.id', 'reports.reported_by')
    .select([
      'reports.id',
      'reports.paste_id',
      'reports.paste_title',
      'reports.reported_by',
      'reports.reason',
      'reports.status',
      'reports.created_at',
      'users.username as reporter_username',
    ])
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.id', 'desc')
    .limit(limit);
  if (only !== undefined) q = q.where('reports.id', '=', only);
  return q.execute();
}

/**
 * Decides a pending report: one conditional statement, so of two staff deciding at once exactly
 * one changes the row. Returns whether this call decided it.
 */
export async function decideReport(
  db: Kysely<Database>,
  id: number,
  from: ModerationStatus,
  to: ModerationStatus,
): Promise<boolean> {
  const r = await db
    .updateTable('reports')
    .set({ status: to })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findReport(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('reports')
    .select(['id', 'paste_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countPendingReports(db: Kysely<Database>): Promise<number> {
  const r = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
