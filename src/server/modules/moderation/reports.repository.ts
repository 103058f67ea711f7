import type { Insertable, Kysely } from 'kysely';
import type { Database, ReportsTable } from '../../db/schema.js';

/**
 * Files a report unless its reporter already reported this paste (an account by its id, a visitor
 * by address — everyone behind one office or carrier address is one visitor here). Returns the new
 * id, or null for a repeat. (Check then insert: two identical
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

/** A report with its paste's title and the reporter's name. */
export type ReportRow = Awaited<ReturnType<typeof listReports>>[number];

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
      // Only whether it is there leaves the service: the sealed key is read by findSharedKey.
      'reports.shared_key_sealed',
      'users.username as reporter_username',
    ])
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.id', 'desc')
    .limit(limit);
  if (only !== undefined) q = q.where('reports.id', '=', only);
  return q.execute();
}

/** A report's sealed shared key and what it is about. */
export function findSharedKey(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('reports')
    .select(['paste_id', 'status', 'shared_key_sealed'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Forgets the keys shared in reports of a paste: those already decided, or (`all`, once the paste
 * is deleted) every one. A decided report needs no key; a deleted paste has nothing to open.
 * Returns how many keys went.
 */
export async function forgetSharedKeys(
  db: Kysely<Database>,
  pasteId: string,
  which: 'decided' | 'all',
): Promise<number> {
  let q = db
    .updateTable('reports')
    .set({ shared_key_sealed: null })
    .where('paste_id', '=', pasteId)
    .where('shared_key_sealed', 'is not', null);
  if (which === 'decided') q = q.where('status', '<>', 'pending');
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** The pastes some report still holds a shared key for. */
export async function pastesWithSharedKeys(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('reports')
    .select('paste_id')
    .distinct()
    .where('shared_key_sealed', 'is not', null)
    .execute();
  return rows.map((r) => r.paste_id);
}

/** Pending reports of a paste: one per reporter (see insertReport), so the count of distinct reporters. */
export async function countPendingReportsOf(db: Kysely<Database>, pasteId: string): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('paste_id', '=', pasteId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How long each report decided at `since` or later waited (ms), of one paste or of all. */
export async function decisionWaits(
  db: Kysely<Database>,
  since: number,
  pasteId?: string,
): Promise<number[]> {
  let q = db.selectFrom('reports').select(['created_at', 'decided_at']).where('decided_at', '>=', since);
  if (pasteId !== undefined) q = q.where('paste_id', '=', pasteId);
  return (await q.execute()).map((r) => Number(r.decided_at) - Number(r.created_at));
}

/** Whom to tell of the decision on a paste's reports decided at `since` or later. */
export function reportersDecidedSince(db: Kysely<Database>, pasteId: string, since: number) {
  return db
    .selectFrom('reports')
    .leftJoin('users', 'users.id', 'reports.reported_by')
    .select([
      'reports.paste_title',
      'reports.reported_by',
      'reports.reporter_email',
      'users.email as account_email',
      'users.email_verified',
    ])
    .where('reports.paste_id', '=', pasteId)
    .where('reports.status', '<>', 'pending')
    .where('reports.decided_at', '>=', since)
    .execute();
}

/** Forgets the addresses visitors gave on a paste's decided reports (they were kept only to tell them). */
export async function eraseReporterEmails(db: Kysely<Database>, pasteId: string): Promise<void> {
  await db
    .updateTable('reports')
    .set({ reporter_email: null })
    .where('paste_id', '=', pasteId)
    .where('status', '<>', 'pending')
    .where('reporter_email', 'is not', null)
    .execute();
}
