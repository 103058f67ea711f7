import type { ExpressionBuilder, Kysely } from 'kysely';
import { whereLive } from '../../db/paste-expiry.js';
import type { Database } from '../../db/schema.js';

/**
 * Pastes by their author: an account (`user_id`) or the address a paste was created from
 * (`creator_ip`). What bans and "delete everything by this account or address" ask of pastes.
 */
export type Author = { userId: number } | { ip: string };

const byAuthor = (author: Author) => (eb: ExpressionBuilder<Database, 'pastes'>) =>
  'userId' in author ? eb('pastes.user_id', '=', author.userId) : eb('pastes.creator_ip', '=', author.ip);

/** Who made a live paste: its account (with its username) and the address it came from. */
export async function findAuthor(db: Kysely<Database>, id: string, now: number) {
  return db
    .selectFrom('pastes')
    .leftJoin('users', 'users.id', 'pastes.user_id')
    .select(['pastes.user_id', 'users.username', 'pastes.creator_ip'])
    .where('pastes.id', '=', id)
    .where(whereLive(now))
    .executeTakeFirst();
}

export async function countLiveByAuthor(db: Kysely<Database>, author: Author, now: number): Promise<number> {
  const row = await db
    .selectFrom('pastes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(byAuthor(author))
    .where(whereLive(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids of the author's live pastes (the expired ones the sweeper takes), at most `limit`. */
export async function idsByAuthor(
  db: Kysely<Database>,
  author: Author,
  now: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('pastes')
    .select('id')
    .where(byAuthor(author))
    .where(whereLive(now))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Holds every paste of the account not held already (its suspension); returns their ids. */
export async function holdPastesOfUser(db: Kysely<Database>, userId: number, now: number): Promise<string[]> {
  const rows = await db
    .updateTable('pastes')
    .set({ held_reason: 'suspended', held_at: now })
    .where('user_id', '=', userId)
    .where('held_reason', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Releases the pastes its suspension held; returns their ids. */
export async function releaseSuspendedPastes(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .updateTable('pastes')
    .set({ held_reason: null, held_at: null })
    .where('user_id', '=', userId)
    .where('held_reason', '=', 'suspended')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
