import { describe, expect, it } from 'vitest';
import { StopWaiting, waitUntil } from './wait-until.js';

describe('waitUntil', () => {
  it('keeps probing past failures, noting each reason, and returns what the probe found', async () => {
    const notes: string[] = [];
    let calls = 0;
    const found = await waitUntil(
      'the fake service',
      () => {
        calls += 1;
        if (calls < 5) throw new Error(`answer ${calls}: 503`);
        return `up at call ${calls}`;
      },
      { intervalMs: 1, noteEveryMs: 0, note: (l) => notes.push(l) },
    );
    expect(found).toBe('up at call 5');
    expect(notes.slice(0, 4).map((n) => n.replace(/\(\d+ s so far\)/, '(…)'))).toEqual([
      'waiting for the fake service: answer 1: 503 (…)',
      'waiting for the fake service: answer 2: 503 (…)',
      'waiting for the fake service: answer 3: 503 (…)',
      'waiting for the fake service: answer 4: 503 (…)',
    ]);
  });

  it('stops at once when the probe says waiting cannot help', async () => {
    let calls = 0;
    const waiting = waitUntil('the fake service', () => {
      calls += 1;
      throw new StopWaiting('exited with code 1');
    });
    await expect(waiting).rejects.toThrow('the fake service: exited with code 1');
    expect(calls).toBe(1);
  });

  it('gives up past its ceiling with the last reason', async () => {
    const waiting = waitUntil(
      'the fake service',
      () => {
        throw new Error('connection refused');
      },
      { ceilingMs: 50, intervalMs: 5, note: () => {} },
    );
    await expect(waiting).rejects.toThrow(
      /the fake service: still not ready after \d+ s \(connection refused\)/,
    );
  });
});
