import type { PasteWithAuthor } from '../live-paste.repository.js';

/**
 * The rows of pastes being read right now, kept for a moment so that a paste whose link is making
 * the rounds costs one database read per second instead of one per reader. What is kept is the row,
 * not an answer: expiry, password, ownership and view counting are decided at every request.
 *
 * Only rows that cannot change under a reader are kept: ready (not being assembled), not burn after
 * reading (its claim must be read from the database), content inline. And only a row that will be
 * read again while it is kept: a paste read a second time sooner after its first read than a row
 * now stays in the cache (the TTL, or less when the cache is full and pushes its oldest out). A row
 * kept and pushed out unread costs the garbage collector (it outlives the young generation) and
 * saves nothing — which is what many distinct pastes read in turn would otherwise do. The ids of
 * first reads are remembered instead, a few bytes each. A paste deleted here leaves at once; one
 * deleted by another instance is served by this one for at most TTL_MS more. Views written to the
 * database drop the row too, so the count shown never goes back.
 */
export const HOT_PASTE_TTL_MS = 1_000;
const MAX_ENTRIES = 1_000;
/** Content bytes kept at most (inline content is up to 256 KiB a row; its JSON goes with the row). */
const MAX_CONTENT_BYTES = 32 * 1024 * 1024;

interface Entry {
  row: PasteWithAuthor;
  keptAt: number;
}

export function createHotPasteCache(
  ttlMs = HOT_PASTE_TTL_MS,
  maxEntries = MAX_ENTRIES,
  maxContentBytes = MAX_CONTENT_BYTES,
) {
  /** In insertion order, which is also expiry order (every row is kept for ttlMs). */
  const entries = new Map<string, Entry>();
  let contentBytes = 0;
  /** Pastes read once lately: id → when. */
  const seenOnce = new Map<string, number>();

  function remove(id: string): void {
    const e = entries.get(id);
    if (!e) return;
    entries.delete(id);
    contentBytes -= e.row.size_bytes;
  }

  const oldest = (): Entry | undefined => entries.values().next().value;

  /** Drops the rows past their time, from the front. */
  function dropExpired(now: number): void {
    for (let e = oldest(); e !== undefined && e.keptAt + ttlMs <= now; e = oldest()) remove(e.row.id);
  }

  /** How long a row kept now would stay: the TTL, or less when keeping it pushes older rows out. */
  function residency(sizeBytes: number, now: number): number {
    const full = entries.size >= maxEntries || contentBytes + sizeBytes > maxContentBytes;
    return full ? now - oldest()!.keptAt : ttlMs;
  }

  return {
    get(id: string, now: number): PasteWithAuthor | undefined {
      const e = entries.get(id);
      if (!e) return undefined;
      if (e.keptAt + ttlMs > now) return e.row;
      remove(id);
      return undefined;
    },

    offer(row: PasteWithAuthor, now: number): void {
      if (row.status !== 'ready' || row.burn_after_reading === 1 || row.content === null) return;
      if (row.size_bytes > maxContentBytes) return;
      dropExpired(now);
      const seenAt = seenOnce.get(row.id);
      if (seenAt === undefined || now - seenAt > residency(row.size_bytes, now)) {
        // Not read again soon enough to be worth keeping: remember when it was read (in place for
        // an id already there). Bounded: the first remembered go first (insertion order).
        if (seenAt === undefined && seenOnce.size >= maxEntries * 16) {
          seenOnce.delete(seenOnce.keys().next().value!);
        }
        seenOnce.set(row.id, now);
        return;
      }
      seenOnce.delete(row.id);
      remove(row.id);
      while (entries.size >= maxEntries || contentBytes + row.size_bytes > maxContentBytes) {
        remove(oldest()!.row.id);
      }
      entries.set(row.id, { row, keptAt: now });
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
