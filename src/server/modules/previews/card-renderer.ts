import { Worker } from 'node:worker_threads';
import { throughTsx } from '../../infra/highlight/highlighter.js';
import type { CardDone, CardJob } from './card-worker.js';
import type { CardContent } from './preview-card.js';

export interface CardRendererOptions {
  /** A card not drawn within this long is given up (null), and its thread started afresh. */
  timeoutMs: number;
  /** Cards waiting beyond this many are given up at once. */
  maxQueued: number;
}

/**
 * Preview cards drawn on one worker thread, one at a time (card-worker.ts), each within
 * `timeoutMs`: null for a card given up, which its route answers as unavailable. From the sources
 * (tests, `npm run dev`) the worker is TypeScript run through tsx; from the compiled server it is
 * dist/server/card-worker.js, built beside main.js.
 */
export function createCardRenderer({ timeoutMs, maxQueued }: CardRendererOptions) {
  const fromSources = import.meta.url.endsWith('.ts');
  const workerUrl = new URL(fromSources ? './card-worker.ts' : './card-worker.js', import.meta.url);
  type Pending = CardJob & { done: (png: Uint8Array | null) => void };
  const queue: Pending[] = [];
  let worker: Worker | null = null;
  let running: { job: Pending; timer: NodeJS.Timeout } | null = null;
  let nextId = 0;
  let closed = false;

  function start(): Worker {
    const w = fromSources ? new Worker(throughTsx(workerUrl), { eval: true }) : new Worker(workerUrl);
    // An idle renderer keeps no process alive.
    w.unref();
    w.on('message', (done: CardDone) => {
      if (!running || running.job.id !== done.id) return;
      clearTimeout(running.timer);
      const { job } = running;
      running = null;
      job.done(done.png === null ? null : Buffer.from(done.png));
      next();
    });
    w.on('error', () => restart());
    return w;
  }

  /** Ends a stuck or failed thread: its card is given up, the rest go to a new one. */
  function restart(): void {
    const stuck = running;
    running = null;
    void worker?.terminate();
    worker = null;
    stuck?.job.done(null);
    next();
  }

  function next(): void {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    worker ??= start();
    running = { job, timer: setTimeout(restart, timeoutMs) };
    worker.postMessage({ id: job.id, card: job.card } satisfies CardJob);
  }

  return {
    render(card: CardContent): Promise<Uint8Array | null> {
      if (closed || queue.length >= maxQueued) return Promise.resolve(null);
      return new Promise((done) => {
        queue.push({ id: nextId++, card, done });
        next();
      });
    },

    async close(): Promise<void> {
      closed = true;
      if (running) clearTimeout(running.timer);
      for (const job of queue.splice(0)) job.done(null);
      running?.job.done(null);
      running = null;
      await worker?.terminate();
      worker = null;
    },
  };
}

export type CardRenderer = ReturnType<typeof createCardRenderer>;
