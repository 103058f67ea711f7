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
      remove(row.id);
      // Oldest first out: a Map iterates in insertion order.
      while (entries.size >= maxEntries || contentBytes + row.size_bytes > maxContentBytes) {
        remove(entries.keys().next().value!);
      }
      entries.set(row.id, { row, until: now + ttlMs });
      contentBytes += row.size_bytes;
    },

    delete: remove,

    /** What is kept now (tests and diagnostics). */
    stats: () => ({ entries: entries.size, contentBytes }),
  };
}

export type HotPasteCache = ReturnType<typeof createHotPasteCache>;
