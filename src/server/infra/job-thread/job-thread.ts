import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface JobThreadOptions<Job, Done, Result> {
  /** The worker script `name` beside the caller (`from`: its import.meta.url). */
  script: { from: string; name: string };
  /** A job not answered within this long is given up, and its thread started afresh. */
  timeoutMs: number;
  /** Jobs waiting beyond this many are given up at once. */
  maxQueued: number;
  /** The thread posts 'ready' once loaded: a job's time is counted from when it is sent. */
  waitsForReady?: boolean;
  /** The answer for a job given up: too slow, too many waiting, a failed thread, or closing. */
  giveUp: (job: Job) => Result;
  /** The answer from what the thread posted back. */
  answer: (done: Done) => Result;
}

/**
 * Jobs run on one worker thread, one at a time, each within `timeoutMs`: a job that takes longer
 * is given up, and the thread is ended and started afresh for the next (the only way to interrupt
 * a library call). From the sources (tests, `npm run dev`) the worker is TypeScript run through
 * tsx; from the compiled server it is dist/server/<name>.js, built beside main.js.
 */
export function createJobThread<Job extends object, Done extends { id: number }, Result>(
  o: JobThreadOptions<Job, Done, Result>,
) {
  const fromSources = o.script.from.endsWith('.ts');
  const workerUrl = new URL(`./${o.script.name}${fromSources ? '.ts' : '.js'}`, o.script.from);
  type Pending = { id: number; job: Job; done: (result: Result) => void };
  const queue: Pending[] = [];
  let worker: Worker | null = null;
  let ready = !o.waitsForReady;
  let running: { pending: Pending; timer: NodeJS.Timeout } | null = null;
  let nextId = 0;
  let closed = false;

  function start(): Worker {
    const w = fromSources ? new Worker(throughTsx(workerUrl), { eval: true }) : new Worker(workerUrl);
    // An idle thread keeps no process alive.
    w.unref();
    w.on('message', (done: Done | 'ready') => {
      if (done === 'ready') {
        ready = true;
        return next();
      }
      if (!running || running.pending.id !== done.id) return;
      clearTimeout(running.timer);
      const { pending } = running;
      running = null;
      pending.done(o.answer(done));
      next();
    });
    w.on('error', () => restart());
    return w;
  }

  /** Ends a stuck or failed thread: its job is given up, the rest go to a new one. */
  function restart(): void {
    const stuck = running;
    running = null;
    void worker?.terminate();
    worker = null;
    ready = !o.waitsForReady;
    stuck?.pending.done(o.giveUp(stuck.pending.job));
    next();
  }

  function next(): void {
    if (running || closed || queue.length === 0) return;
    worker ??= start();
    if (!ready) return;
    const pending = queue.shift();
    if (!pending) return;
    running = { pending, timer: setTimeout(restart, o.timeoutMs) };
    worker.postMessage({ ...pending.job, id: pending.id });
  }

  return {
    run(job: Job): Promise<Result> {
      if (closed || queue.length >= o.maxQueued) return Promise.resolve(o.giveUp(job));
      return new Promise((done) => {
        queue.push({ id: nextId++, job, done });
        next();
      });
    },

    async close(): Promise<void> {
      closed = true;
      const stopped = running;
      running = null;
      if (stopped) clearTimeout(stopped.timer);
      for (const p of [...(stopped ? [stopped.pending] : []), ...queue.splice(0)]) p.done(o.giveUp(p.job));
      await worker?.terminate();
      worker = null;
    },
  };
}

/** A worker script that registers tsx, then loads the TypeScript worker (Worker takes no loader flag). */
function throughTsx(file: URL): string {
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const api = JSON.stringify(pathToFileURL(tsx).href);
  return `import(${api}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
}
