import type { Kysely } from 'kysely';
import type { HoldReason } from '../../../common/constants.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import {
  applyScreening,
  heldQueueStats,
  holdPaste,
  listHeldPastes,
  releaseHeld,
  releaseHeldFor,
} from './held-pastes.repository.js';
import type { createHotPasteCache } from './reading/hot-paste-cache.js';

/**
 * Pastes held for review (modules/safety decides them, reports and bans hold them): every change
 * drops the row from the hot cache, so the next read sees it.
 */
export function createHeldPastes({
  db,
  clock,
  hot,
}: {
  db: Kysely<Database>;
  clock: Clock;
  hot: ReturnType<typeof createHotPasteCache>;
}) {
  return {
    list: (limit: number, ids?: string[]) => listHeldPastes(db, clock.now(), limit, ids),
    async release(ids: string[]): Promise<string[]> {
      const released = await releaseHeld(db, ids);
      for (const id of released) hot.delete(id);
      return released;
    },
    stats: () => heldQueueStats(db, clock.now()),
    /** Holds a paste for `reason` unless it is held already; true when this call held it. */
    async hold(id: string, reason: HoldReason): Promise<boolean> {
      const held = await holdPaste(db, id, reason, clock.now());
      hot.delete(id);
      return held;
    },
    /** Releases a paste held for `reason` (and only then). */
    async releaseIf(id: string, reason: HoldReason): Promise<boolean> {
      const released = await releaseHeldFor(db, id, reason);
      hot.delete(id);
      return released;
    },
    /** What the content rules made of an edit: unlisted, held, or both. */
    applyScreening: (id: string, change: Parameters<typeof applyScreening>[2]) =>
      applyScreening(db, id, change),
  };
}
