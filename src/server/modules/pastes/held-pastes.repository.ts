import type { ExpressionBuilder, Kysely } from 'kysely';
import type { HoldReason, Privacy } from '../../../common/constants.js';
import type { Database } from '../../db/schema.js';

/**
 * Pastes held for review (modules/safety decides, this module keeps the rows): the queue, its
 * numbers, release, and what a content rule's test run reads. Pastes held because their author is
 * suspended are not in the queue: the suspension decides them (modules/bans).
 */

const live = (now: number) => (eb: ExpressionBuilder<Database, 'pastes'>) =>
  eb.or([eb('pastes.expires_at', 'is', null), eb('pastes.expires_at', '>', now)]);

export interface HeldRow {
  id: string;
  title: string | null;
  privacy: Privacy;
  username: string | null;
  held_reason: HoldReason;
  held_at: number;
  size_bytes: number;
}

/** The oldest held pastes first (the queue's order), at most `limit`. */
export async function listHeldPastes(
  db: Kysely<Database>,
  now: number,
  limit: number,
  ids?: string[],
): Promise<HeldRow[]> {
  if (ids?.length === 0) return [];
  let query = db
    .selectFrom('pastes')
    .leftJoin('users', 'users.id', 'pastes.user_id')
    .select([
      'pastes.id',
      'pastes.title',
      'pastes.privacy',
      'users.username',
      'pastes.held_reason',
      'pastes.held_at',
      'pastes.size_bytes',
    ])
    .where('pastes.held_reason', 'is not', null)
    .where('pastes.held_reason', '<>', 'suspended')
    .where(live(now))
    .orderBy('pastes.held_at', 'asc')
    .orderBy('pastes.id', 'asc')
    .limit(limit);
  if (ids) query = query.where('pastes.id', 'in', ids);
  const rows = await query.execute();
  return rows.map((r) => ({
    ...r,
    held_reason: r.held_reason!,
    held_at: Number(r.held_at),
    size_bytes: Number(r.size_bytes),
  }));
}

export async function heldQueueStats(
  db: Kysely<Database>,
  now: number,
): Promise<{ length: number; oldestAt: number | null }> {
  const row = await db
    .selectFrom('pastes')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('pastes.held_at').as('oldest')])
    .where('pastes.held_reason', 'is not', null)
    .where('pastes.held_reason', '<>', 'suspended')
    .where(live(now))
    .executeTakeFirstOrThrow();
  return { length: Number(row.n), oldestAt: row.oldest === null ? null : Number(row.oldest) };
}

/** Lets these pastes be read by anyone they are shared with; returns those that were held. */
export async function releaseHeld(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('pastes')
    .set({ held_reason: null, held_at: null })
    .where('id', 'in', ids)
    .where('held_reason', 'is not', null)
    // Malware is never approved: staff delete it, or the sweeper does after a week.
    .where('held_reason', '<>', 'malware')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Holds a paste not held yet, for `reason`; true when this call held it. */
export async function holdPaste(
  db: Kysely<Database>,
  id: string,
  reason: HoldReason,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('pastes')
    .set({ held_reason: reason, held_at: now })
    .where('id', '=', id)
    .where('held_reason', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Releases a paste only if it is held for `reason` (a report rejected releases what reports held). */
export async function releaseHeldFor(db: Kysely<Database>, id: string, reason: HoldReason): Promise<boolean> {
  const r = await db
    .updateTable('pastes')
    .set({ held_reason: null, held_at: null })
    .where('id', '=', id)
    .where('held_reason', '=', reason)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What the content rules made of an edit: unlisted, held, or both. */
export async function applyScreening(
  db: Kysely<Database>,
  id: string,
  change: { privacy: Privacy; held_reason: HoldReason | null; held_at: number | null },
): Promise<void> {
  const set = change.held_reason ? change : { privacy: change.privacy }; // an edit never releases a paste held before it
  await db.updateTable('pastes').set(set).where('id', '=', id).execute();
}

export interface RecentPasteRow {
  id: string;
  title: string | null;
  content: string | null;
  blob_key: string | null;
  size_bytes: number;
  created_at: number;
}

/** The newest readable plain pastes rules apply to (public and unlisted), at most `limit`. */
export async function recentRuledPastes(
  db: Kysely<Database>,
  now: number,
  limit: number,
): Promise<RecentPasteRow[]> {
  const rows = await db
    .selectFrom('pastes')
    .select(['id', 'title', 'content', 'blob_key', 'size_bytes', 'created_at'])
    .where('privacy', 'in', ['public', 'unlisted'])
    .where('encryption', 'is', null)
    .where('status', '=', 'ready')
    .where('burn_after_reading', '=', 0)
    .where(live(now))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, size_bytes: Number(r.size_bytes), created_at: Number(r.created_at) }));
}

/** Pastes held for `reason` since before `before` (the sweeper deletes malware after a week). */
export async function heldSince(db: Kysely<Database>, reason: HoldReason, before: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pastes')
    .select('id')
    .where('held_reason', '=', reason)
    .where('held_at', '<', before)
    .limit(200)
    .execute();
  return rows.map((r) => r.id);
}
