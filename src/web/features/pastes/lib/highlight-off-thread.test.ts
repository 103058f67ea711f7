import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Highlighted } from './highlight';
import type { HighlightRequest } from './highlight-off-thread';

/** Stands in for the browser's Worker: records what it is sent and answers when told to. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  received: HighlightRequest[] = [];
  terminated = false;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.started.push(this);
  }
  postMessage(request: HighlightRequest) {
    this.received.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(result: Highlighted) {
    this.onmessage?.({ data: { ok: true, result } });
  }
}

const JS: Highlighted = { language: 'javascript', lines: [[{ text: 'let', className: 'hljs-keyword' }]] };
const request: HighlightRequest = { code: 'let a', choice: 'auto' };

describe('highlightOffThread', () => {
  let highlightOffThread: typeof import('./highlight-off-thread').highlightOffThread;

  beforeEach(async () => {
    FakeWorker.started = [];
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    // A fresh module each time: it keeps an idle worker between jobs.
    vi.resetModules();
    ({ highlightOffThread } = await import('./highlight-off-thread'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the job in a module worker and keeps the worker for the next job', async () => {
    const first = highlightOffThread(request, new AbortController().signal);
    const [worker] = FakeWorker.started;
    expect(worker!.url.pathname).toMatch(/\/highlight\.worker\.ts$/);
    expect(worker!.options).toEqual({ type: 'module' });
    expect(worker!.received).toEqual([request]);
    worker!.answer(JS);
    expect(await first).toEqual(JS);

    const second = highlightOffThread({ code: 'x', choice: 'python' }, new AbortController().signal);
    expect(FakeWorker.started).toHaveLength(1);
    worker!.answer({ language: 'python', lines: [] });
    expect(await second).toEqual({ language: 'python', lines: [] });
    expect(worker!.terminated).toBe(false);
  });

  it('gives up on a job past its time limit and ends its worker', async () => {
    const job = highlightOffThread(request, new AbortController().signal);
    vi.advanceTimersByTime(10_000);
    expect(await job).toBeNull();
    expect(FakeWorker.started[0]!.terminated).toBe(true);
    // The next job gets a fresh worker.
    void highlightOffThread(request, new AbortController().signal);
    expect(FakeWorker.started).toHaveLength(2);
  });

  it('ends the worker of a job no longer wanted', async () => {
    const wanted = new AbortController();
    const job = highlightOffThread(request, wanted.signal);
    wanted.abort();
    expect(await job).toBeNull();
    expect(FakeWorker.started[0]!.terminated).toBe(true);
  });

  it('answers plain text when the worker fails or says it failed', async () => {
    const failing = highlightOffThread(request, new AbortController().signal);
    FakeWorker.started[0]!.onerror?.();
    expect(await failing).toBeNull();

    const refused = highlightOffThread(request, new AbortController().signal);
    FakeWorker.started[1]!.onmessage?.({ data: { ok: false } });
    expect(await refused).toBeNull();
  });
});
