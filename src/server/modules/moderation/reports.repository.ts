import type { Insertable, Kysely } from 'kysely';
import type { Database, ReportsTable } from '../../db/schema.js';

/**
 * Files a report unless its reporter already reported this paste (an account by its id, a visitor
 * by address). Returns the new id, or null for a repeat. (Check then insert: two identical
 * reports racing within one round trip may both land; they are still one card to staff.)
 */
export async function insertReport(
  db: Kysely<Database>,
  row: Omit<Insertable<ReportsTable>, 'id'>,
): Promise<number | null> {
  let q = db.selectFrom('reports').select('id').where('paste_id', '=', row.paste_id);
  q = row.reported_by
    ? q.where('reported_by', '=', row.reported_by)
    : q.where('reported_by', 'is', null).where('reporter_ip', '=', row.reporter_ip ?? '');
  if (await q.executeTakeFirst()) return null;
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
