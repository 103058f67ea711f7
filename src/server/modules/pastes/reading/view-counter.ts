import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { addViews } from '../pastes.repository.js';
import type { RecentViewers } from './recent-viewers.js';

/** Shared-viewer checks waiting on Redis at most; past it views count without the check. */
const MAX_CHECKS_IN_FLIGHT = 10_000;

/**
 * Counts views in memory and writes them in one batch per interval, so reading a paste never
 * waits for a write. Increments are additive, so several instances can each flush their own.
 * A viewer counts once per paste per window (see recent-viewers.ts); with Redis the check that no
 * other instance counted it runs in the background and is awaited by the next flush.
 */
export function createViewCounter(
  db: Kysely<Database>,
  opts: { recent: RecentViewers; flushEveryMs?: number; onWritten?: (id: string) => void },
) {
  const { recent, flushEveryMs = 1000, onWritten } = opts;
  let pending = new Map<string, number>();
  /** The batch being written: still counted by pendingFor until it is committed, so no read dips. */
  let writing = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  const checks = new Set<Promise<void>>();

  const add = (id: string) => pending.set(id, (pending.get(id) ?? 0) + 1);

  async function flush(): Promise<void> {
    await Promise.all(checks);
    await flushing;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    writing = batch;
    flushing = (async () => {
      try {
        await addViews(db, batch);
        // In the same turn as the commit's answer: a read now finds the written count, not both.
        writing = new Map();
        for (const id of batch.keys()) onWritten?.(id);
      } catch {
        // The database is away: keep the counts for the next flush rather than lose them.
        writing = new Map();
        for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      }
    })();
    await flushing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    /**
     * A read of paste `id` by the viewer `viewer` (a viewerKey). True when it counts as a new view
     * as far as this process knows; synchronous, so the hot read path never waits.
     */
    record(id: string, viewer: string): boolean {
      if (!recent.firstSeenHere(viewer)) return false;
      if (!recent.shared || checks.size >= MAX_CHECKS_IN_FLIGHT) {
        add(id);
        return true;
      }
      // Redis away: count the view rather than lose it (a count is not worth failing a read).
      const check = recent.firstSeenAnywhere(viewer).then(
        (first) => {
          if (first) add(id);
        },
        () => {
          add(id);
        },
      );
      checks.add(check);
      void check.finally(() => checks.delete(check));
      return true;
    },
    /** Views recorded here and not yet written (a batch being written included). */
    pendingFor(id: string): number {
      return (pending.get(id) ?? 0) + (writing.get(id) ?? 0);
    },
    flush,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
