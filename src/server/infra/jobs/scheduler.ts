import type { FastifyBaseLogger } from 'fastify';

/**
 * Periodic background tasks in this process. A task never overlaps itself here; tasks that must
 * not overlap across processes claim their rows in the database (see the paste sweeper).
 */
export function createScheduler(log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  return {
    every(name: string, intervalMs: number, task: () => Promise<unknown>): void {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        const p = task()
          .catch((err) => log.error({ err, task: name }, 'background task failed'))
          .finally(() => {
            busy = false;
            running.delete(p);
          });
        running.add(p);
      }, intervalMs);
      timer.unref();
      timers.push(timer);
    },
    /** Stops scheduling and waits for tasks in flight. */
    async stop(): Promise<void> {
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
