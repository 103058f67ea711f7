import type { PasteWithAuthor } from './pastes.repository.js';

/**
 * The rows of pastes being read right now, kept for a moment so that a paste whose link is making
 * the rounds costs one database read per second instead of one per reader. What is kept is the row,
 * not an answer: expiry, password, ownership and view counting are decided at every request.
 *
 * Only rows that cannot change under a reader are kept: ready (not being assembled), not burn after
 * reading (its claim must be read from the database), content inline. And only for a paste read a
 * second time within the keeping time: a row kept for a paste nobody reads again costs the garbage
 * collector (it outlives the young generation) and saves nothing; the ids of first reads are
 * remembered instead, a few bytes each. A paste deleted here leaves
 * at once; one deleted by another instance is served by this one for at most TTL_MS more. Views
 * written to the database drop the row too, so the count shown never goes back.
 */
export const HOT_PASTE_TTL_MS = 1_000;
const MAX_ENTRIES = 1_000;
/** Content bytes kept at most (inline content is up to 256 KiB a row; its JSON goes with the row). */
const MAX_CONTENT_BYTES = 32 * 1024 * 1024;

interface Entry {
  row: PasteWithAuthor;
  until: number;
}

export function createHotPasteCache(
  ttlMs = HOT_PASTE_TTL_MS,
  maxEntries = MAX_ENTRIES,
  maxContentBytes = MAX_CONTENT_BYTES,
) {
  const entries = new Map<string, Entry>();
  let contentBytes = 0;
  /** Pastes read once lately: id → until when a second read makes their row worth keeping. */
  const seenOnce = new Map<string, number>();

  function remove(id: string): void {
    const e = entries.get(id);
    if (!e) return;
    entries.delete(id);
    contentBytes -= e.row.size_bytes;
  }

  return {
    get(id: string, now: number): PasteWithAuthor | undefined {
      const e = entries.get(id);
      if (!e) return undefined;
      if (e.until > now) return e.row;
      remove(id);
      return undefined;
    },

    offer(row: PasteWithAuthor, now: number): void {
      if (row.status !== 'ready' || row.burn_after_reading === 1 || row.content === null) return;
      if (row.size_bytes > maxContentBytes) return;
      const seenUntil = seenOnce.get(row.id);
      if (seenUntil === undefined || seenUntil <= now) {
        // First read (lately): remember the id, not the row. Oldest out first, bounded.
        seenOnce.delete(row.id);
        seenOnce.set(row.id, now + ttlMs);
        while (seenOnce.size > maxEntries * 16) seenOnce.delete(seenOnce.keys().next().value!);
        return;
      }
      seenOnce.delete(row.id);
      remove(row.id);
      // Oldest first out: a Map iterates in insertion order.
      while (entries.size >= maxEntries || contentBytes + row.size_bytes > maxContentBytes) {
        remove(entries.keys().next().value!);
      }
      entries.set(row.id, { row, until: now + ttlMs });
      contentBytes += row.size_bytes;
    },

    /** Whether this very row object is the one kept (so work done for it is reused). */
    keeps: (row: PasteWithAuthor): boolean => entries.get(row.id)?.row === row,

    delete(id: string): void {
      remove(id);
      seenOnce.delete(id);
    },

    /** What is kept now (tests and diagnostics). */
    stats: () => ({ entries: entries.size, contentBytes }),
  };
}

export type HotPasteCache = ReturnType<typeof createHotPasteCache>;
