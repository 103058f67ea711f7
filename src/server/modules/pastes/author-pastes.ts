import type { Kysely } from 'kysely';
import { PURGE_MAX_PASTES } from '../../../common/constants.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import {
  type Author,
  countLiveByAuthor,
  findAuthor,
  holdPastesOfUser,
  idsByAuthor,
  releaseSuspendedPastes,
} from './author-pastes.repository.js';
import type { createHotPasteCache } from './reading/hot-paste-cache.js';

export type { Author };

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  hot: ReturnType<typeof createHotPasteCache>;
  /** Deletes one paste with its revisions and blobs (the pastes service's delete). */
  deletePaste(id: string): Promise<boolean>;
}

/** Pastes by account or address, for bans and for "delete everything by this author". */
export function createAuthorPastes({ db, clock, hot, deletePaste }: Deps) {
  const dropCached = (ids: string[]) => {
    for (const id of ids) hot.delete(id);
    return ids;
  };
  return {
    /** The account (id, username) and address behind a live paste; undefined when it is gone. */
    async authorOf(pasteId: string) {
      const row = await findAuthor(db, pasteId, clock.now());
      if (!row) return undefined;
      return {
        account: row.user_id === null ? null : { id: row.user_id, username: row.username ?? '' },
        ip: row.creator_ip,
      };
    },
    count: (author: Author) => countLiveByAuthor(db, author, clock.now()),
    /** Deletes the author's pastes, at most PURGE_MAX_PASTES; returns how many went. */
    async deleteAll(author: Author): Promise<number> {
      let deleted = 0;
      for (const id of await idsByAuthor(db, author, clock.now(), PURGE_MAX_PASTES)) {
        if (await deletePaste(id)) deleted++;
      }
      return deleted;
    },
    /** A suspended account's pastes wait for review (only it and staff read them) while it lasts. */
    holdForSuspension: async (userId: number) => dropCached(await holdPastesOfUser(db, userId, clock.now())),
    releaseSuspended: async (userId: number) => dropCached(await releaseSuspendedPastes(db, userId)),
  };
}
