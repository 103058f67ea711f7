// The worker thread of job-thread.test.ts: answers a job's value after `busyMs` of work that cannot
// be interrupted (as a grammar or a renderer would), or fails on 'crash'.
import { parentPort } from 'node:worker_threads';

export interface TestJob {
  id: number;
  value: string;
  busyMs: number;
}

parentPort?.postMessage('ready');
parentPort?.on('message', ({ id, value, busyMs }: TestJob) => {
  const end = Date.now() + busyMs;
  while (Date.now() < end);
  if (value === 'crash') throw new Error('the worker failed');
  parentPort!.postMessage({ id, value });
});
