import { afterEach, describe, expect, it } from 'vitest';
import { createJobThread } from './job-thread.js';
import type { TestJob } from './job-thread.test-worker.js';

const threads: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const t of threads.splice(0)) await t.close();
});

function thread(o: { timeoutMs?: number; maxQueued?: number; waitsForReady?: boolean } = {}) {
  const t = createJobThread<Omit<TestJob, 'id'>, { id: number; value: string }, string>({
    script: { from: import.meta.url, name: 'job-thread.test-worker' },
    timeoutMs: o.timeoutMs ?? 10_000,
    maxQueued: o.maxQueued ?? 8,
    waitsForReady: o.waitsForReady,
    giveUp: (job) => `gave up ${job.value}`,
    answer: (done) => done.value,
  });
  threads.push(t);
  return t;
}

describe('job thread', () => {
  it('answers jobs in the order they came, waiting for the thread to say it is ready', async () => {
    const t = thread({ waitsForReady: true });
    const answers = await Promise.all(['a', 'b', 'c'].map((value) => t.run({ value, busyMs: 0 })));
    expect(answers).toEqual(['a', 'b', 'c']);
  });

  it('gives up a job over its time, and runs the next on a fresh thread', async () => {
    const t = thread({ timeoutMs: 1_000, waitsForReady: true });
    const slow = t.run({ value: 'slow', busyMs: 60_000 });
    const next = t.run({ value: 'next', busyMs: 0 });
    expect(await slow).toBe('gave up slow');
    expect(await next).toBe('next');
  });

  it('gives up a job whose thread failed, and runs the next on a fresh thread', async () => {
    const t = thread();
    const crash = t.run({ value: 'crash', busyMs: 0 });
    const next = t.run({ value: 'next', busyMs: 0 });
    expect(await crash).toBe('gave up crash');
    expect(await next).toBe('next');
  });

  it('gives up at once a job beyond the queue’s bound', async () => {
    const t = thread({ maxQueued: 1 });
    const first = t.run({ value: 'first', busyMs: 200 });
    const second = t.run({ value: 'second', busyMs: 0 });
    expect(await t.run({ value: 'third', busyMs: 0 })).toBe('gave up third');
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
  });

  it('on close, gives up the running and waiting jobs, and any after', async () => {
    const t = thread({ waitsForReady: true });
    const running = t.run({ value: 'running', busyMs: 60_000 });
    const waiting = t.run({ value: 'waiting', busyMs: 0 });
    await new Promise((r) => setTimeout(r, 2_000));
    await t.close();
    expect(await Promise.all([running, waiting])).toEqual(['gave up running', 'gave up waiting']);
    expect(await t.run({ value: 'later', busyMs: 0 })).toBe('gave up later');
  });
});
