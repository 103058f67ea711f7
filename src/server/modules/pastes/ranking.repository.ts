import type { Kysely } from 'kysely';
import { whereLive } from '../../db/paste-expiry.js';
import type { Database } from '../../db/schema.js';

/**
 * Pastes that may appear on the leaderboard: public, not burn, not encrypted (its title is a
 * placeholder and its text no one's to advertise), ready, not held for review, not expired.
 */
function publicLive(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('pastes')
    .where('pastes.privacy', '=', 'public')
    .where('pastes.burn_after_reading', '=', 0)
    .where('pastes.encryption', 'is', null)
    .where('pastes.status', '=', 'ready')
    .where(whereLive(now))
    .where('pastes.held_reason', 'is', null);
}

export function topPastes(db: Kysely<Database>, opts: { now: number; since: number | null; limit: number }) {
  let q = publicLive(db, opts.now)
    .leftJoin('users', 'users.id', 'pastes.user_id')
    .select([
      'pastes.id',
      'pastes.title',
      'pastes.view_count',
      'pastes.created_at',
      'users.username',
      'users.role',
    ])
    .where('pastes.view_count', '>', 0);
  if (opts.since !== null) q = q.where('pastes.created_at', '>=', opts.since);
  return q
    .orderBy('pastes.view_count', 'desc')
    .orderBy('pastes.created_at', 'desc')
    .limit(opts.limit)
    .execute();
}

export function topUsers(db: Kysely<Database>, opts: { now: number; limit: number }) {
  return publicLive(db, opts.now)
    .innerJoin('users', 'users.id', 'pastes.user_id')
    .select((eb) => [
      'users.id',
      'users.username',
      'users.role',
      eb.fn.sum<number>('pastes.view_count').as('total_views'),
    ])
    .groupBy(['users.id', 'users.username', 'users.role'])
    .having((eb) => eb.fn.sum('pastes.view_count'), '>', 0)
    .orderBy('total_views', 'desc')
    .orderBy('users.id')
    .limit(opts.limit)
    .execute();
}
