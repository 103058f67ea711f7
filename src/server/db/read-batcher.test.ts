import { describe, expect, it } from 'vitest';
import type { RowValues } from './prepared.js';
import { createReadBatcher } from './read-batcher.js';

describe('read batcher', () => {
  it('sends the reads of one event-loop turn as one query, each key once, at the latest time asked', async () => {
    const calls: Array<{ keys: string[]; now: number }> = [];
    const read = createReadBatcher(async (keys, now) => {
      calls.push({ keys, now });
      return keys.filter((k) => k !== 'missing').map((k) => [k, `row of ${k}`]);
    });
    const answers = await Promise.all([read('a', 10), read('b', 30), read('missing', 20), read('a', 15)]);
    expect(calls).toEqual([{ keys: ['a', 'b', 'missing'], now: 30 }]);
    expect(answers).toEqual([['a', 'row of a'], ['b', 'row of b'], undefined, ['a', 'row of a']]);
    // The next turn is a batch of its own.
    expect(await read('c', 40)).toEqual(['c', 'row of c']);
    expect(calls).toHaveLength(2);
  });

  it('gives a failed query’s error to every read of its batch, and only of its batch', async () => {
    let fail = true;
    const read = createReadBatcher(async (keys): Promise<RowValues[]> => {
      if (fail) throw new Error('database away');
      return keys.map((k) => [k]);
    });
    const failed = await Promise.allSettled([read('a', 1), read('b', 1)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a', 2)).toEqual(['a']);
  });
});
