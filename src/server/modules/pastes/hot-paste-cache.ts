import type { PasteWithAuthor } from './pastes.repository.js';

/**
 * The rows of pastes being read right now, kept for a moment so that a paste whose link is making
 * the rounds costs one database read per second instead of one per reader. What is kept is the row,
 * not an answer: expiry, password, ownership and view counting are decided at every request.
 *
 * Only rows that cannot change under a reader are kept: ready (not being assembled), not burn after
 * reading (its claim must be read from the database), content inline. A paste deleted here leaves
 * at once; one deleted by another instance is served by this one for at most TTL_MS more. Views
 * written to the database drop the row too, so the count shown never goes back.
 */
export const HOT_PASTE_TTL_MS = 1_000;
/** Inline content is at most 256 KiB, so this also bounds memory (in practice far less). */
const MAX_ENTRIES = 1_000;

interface Entry {
  row: PasteWithAuthor;
  until: number;
}

export function createHotPasteCache(ttlMs = HOT_PASTE_TTL_MS, maxEntries = MAX_ENTRIES) {
  const entries = new Map<string, Entry>();

  return {
    get(id: string, now: number): PasteWithAuthor | undefined {
      const e = entries.get(id);
      if (!e) return undefined;
      if (e.until > now) return e.row;
      entries.delete(id);
      return undefined;
    },

    offer(row: PasteWithAuthor, now: number): void {
      if (row.status !== 'ready' || row.burn_after_reading === 1 || row.content === null) return;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(row.id, { row, until: now + ttlMs });
    },

    delete(id: string): void {
      entries.delete(id);
    },
  };
}

export type HotPasteCache = ReturnType<typeof createHotPasteCache>;
