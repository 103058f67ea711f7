import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addViews } from './pastes.repository.js';

/**
 * Counts views in memory and writes them in one batch per interval, so reading a paste never
 * waits for a write. Increments are additive, so several instances can each flush their own.
 */
export function createViewCounter(
  db: Kysely<Database>,
  opts: { flushEveryMs?: number; onWritten?: (id: string) => void } = {},
) {
  const { flushEveryMs = 1000, onWritten } = opts;
  let pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    await flushing;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    flushing = (async () => {
      try {
        await addViews(db, batch);
        for (const id of batch.keys()) onWritten?.(id);
      } catch {
        // The database is away: keep the counts for the next flush rather than lose them.
        for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      }
    })();
    await flushing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    record(id: string): void {
      pending.set(id, (pending.get(id) ?? 0) + 1);
    },
    /** Views recorded here and not yet written. */
    pendingFor(id: string): number {
      return pending.get(id) ?? 0;
    },
    flush,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
