import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { topPastes, topUsers } from './ranking.repository.js';

/** The most viewed public pastes and authors, for the leaderboard (which owns no table of its own). */
export function createPasteRanking({ db }: { db: Kysely<Database> }) {
  return {
    topPastes: (opts: { now: number; since: number | null; limit: number }) => topPastes(db, opts),
    topAuthors: (opts: { now: number; limit: number }) => topUsers(db, opts),
  };
}

export type PasteRanking = ReturnType<typeof createPasteRanking>;
