import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LanguageId } from '../../../common/languages.js';
import type { HighlightDone, HighlightJob } from './highlight-worker.js';

/** What highlighting gave: the language used and its HTML, or plain text (html null). */
export type Highlighted = Omit<HighlightDone, 'id'>;

export interface HighlighterOptions {
  /** A text not highlighted within this long is answered as plain text. */
  timeoutMs: number;
  /** Texts waiting beyond this many are answered as plain text at once. */
  maxQueued: number;
}

/**
 * Syntax highlighting on one worker thread, one text at a time, each within `timeoutMs`: a text
 * that takes longer is answered plain, and the thread is ended and started afresh for the next
 * (highlight.js cannot be interrupted any other way). The request thread never runs a grammar.
 * From the sources (tests, `npm run dev`) the worker is TypeScript run through tsx; from the
 * compiled server it is dist/server/highlight-worker.js, built beside main.js.
 */
export function createHighlighter({ timeoutMs, maxQueued }: HighlighterOptions) {
  const fromSources = import.meta.url.endsWith('.ts');
  const workerUrl = new URL(fromSources ? './highlight-worker.ts' : './highlight-worker.js', import.meta.url);
  type Pending = HighlightJob & { done: (result: Highlighted) => void };
  const queue: Pending[] = [];
  let worker: Worker | null = null;
  /** The thread has loaded its grammars: a text's time is counted from when it is sent. */
  let ready = false;
  let running: { job: Pending; timer: NodeJS.Timeout } | null = null;
  let nextId = 0;
  let closed = false;

  function start(): Worker {
    const w = fromSources ? new Worker(throughTsx(workerUrl), { eval: true }) : new Worker(workerUrl);
    // An idle highlighter keeps no process alive.
    w.unref();
    w.on('message', (done: HighlightDone | 'ready') => {
      if (done === 'ready') {
        ready = true;
        return next();
      }
      if (!running || running.job.id !== done.id) return;
      clearTimeout(running.timer);
      const { job } = running;
      running = null;
      job.done({ language: done.language, html: done.html });
      next();
    });
    w.on('error', () => restart());
    return w;
  }

  /** Ends a stuck or failed thread: its text is answered plain, the rest go to a new one. */
  function restart(): void {
    const stuck = running;
    running = null;
    void worker?.terminate();
    worker = null;
    ready = false;
    stuck?.job.done({ language: stuck.job.language, html: null });
    next();
  }

  function next(): void {
    if (running || closed || queue.length === 0) return;
    worker ??= start();
    if (!ready) return;
    const job = queue.shift();
    if (!job) return;
    running = { job, timer: setTimeout(restart, timeoutMs) };
    worker.postMessage({ id: job.id, code: job.code, language: job.language } satisfies HighlightJob);
  }

  return {
    highlight(code: string, language: LanguageId | null): Promise<Highlighted> {
      if (closed || queue.length >= maxQueued) return Promise.resolve({ language, html: null });
      return new Promise((done) => {
        queue.push({ id: nextId++, code, language, done });
        next();
      });
    },

    async close(): Promise<void> {
      closed = true;
      if (running) clearTimeout(running.timer);
      for (const job of queue.splice(0)) job.done({ language: job.language, html: null });
      await worker?.terminate();
      worker = null;
    },
  };
}

/** A worker script that registers tsx, then loads the TypeScript worker (Worker takes no loader flag). */
export function throughTsx(file: URL): string {
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const api = JSON.stringify(pathToFileURL(tsx).href);
  return `import(${api}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
}

export type Highlighter = ReturnType<typeof createHighlighter>;
