import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema.js';

/**
 * The audit log is append-only: this file offers insert, list and the retention purge, and
 * nothing that changes or removes a single entry.
 */
/**
 * Appends an entry; one whose `once_key` is already there is not appended again (the database
 * decides, whichever instance asks). True when it was appended.
 */
export async function insertAuditEntry(
  db: Kysely<Database>,
  row: Omit<Insertable<AuditLogTable>, 'id'>,
): Promise<boolean> {
  const result = await db
    .insertInto('audit_log')
    .values(row)
    .onConflict((oc) => oc.column('once_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows) === 1;
}

export interface AuditFilter {
  /** Exact username of the actor, any case. */
  actor?: string;
  action?: string;
  /** Exact target id (a paste id, a user id…). */
  target?: string;
  from?: number;
  to?: number;
}

function filtered(db: Kysely<Database>, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.actor) q = q.where((eb) => eb(eb.fn('lower', ['actor_username']), '=', f.actor!.toLowerCase()));
  if (f.action) q = q.where('action', '=', f.action);
  if (f.target) q = q.where('target_id', '=', f.target);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<', f.to);
  return q;
}

/** One page of entries, newest first, and how many match in all. */
export async function listAuditEntries(
  db: Kysely<Database>,
  f: AuditFilter,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The newest `limit` entries of `action` on one target, newest first. */
export function listTargetEntries(
  db: Kysely<Database>,
  target: { type: string; id: string },
  action: string,
  limit: number,
) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('action', '=', action)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Retention: entries older than `before` go. Returns how many. */
export async function purgeAuditBefore(db: Kysely<Database>, before: number): Promise<number> {
  const r = await db.deleteFrom('audit_log').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
