/**
 * Highlighting in a Web Worker, so no grammar ever blocks the page, whatever the paste. A job
 * that outlives its time limit, fails or is no longer wanted ends with its worker, and the text
 * stays plain; a worker that finished its job is kept for the next one.
 */
import type { Highlighted } from './highlight';
import type { LanguageChoice } from './languages';

export interface HighlightRequest {
  code: string;
  choice: LanguageChoice;
}
export type HighlightResponse = { ok: true; result: Highlighted } | { ok: false };

/** Far above what a 200 KB paste takes; only a grammar gone quadratic gets there. */
const HIGHLIGHT_TIME_LIMIT_MS = 10_000;

let idle: Worker | null = null;

function startWorker(): Worker {
  return new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module' });
}

/** `code` highlighted as chosen, or null (plain text) when that failed, took too long or was aborted. */
export function highlightOffThread(
  request: HighlightRequest,
  signal: AbortSignal,
): Promise<Highlighted | null> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(null);
    let worker: Worker;
    try {
      worker = idle ?? startWorker();
    } catch {
      return resolve(null);
    }
    idle = null;
    const finish = (result: Highlighted | null, reusable: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', cancel);
      worker.onmessage = null;
      worker.onerror = null;
      if (reusable && !idle) idle = worker;
      else worker.terminate();
      resolve(result);
    };
    const cancel = () => finish(null, false);
    const timer = setTimeout(cancel, HIGHLIGHT_TIME_LIMIT_MS);
    signal.addEventListener('abort', cancel, { once: true });
    worker.onmessage = (event: MessageEvent<HighlightResponse>) =>
      finish(event.data.ok ? event.data.result : null, true);
    worker.onerror = () => finish(null, false);
    worker.postMessage(request);
  });
}
