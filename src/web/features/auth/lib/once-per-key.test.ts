import { describe, expect, it, vi } from 'vitest';
import { oncePerKey } from './once-per-key';

describe('oncePerKey', () => {
  it('shares one call between callers while it is in flight', async () => {
    let resolve: (value: string) => void = () => {};
    const run = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const redeem = oncePerKey(run);
    const first = redeem('code-1');
    const second = redeem('code-1');
    expect(second).toBe(first);
    expect(run).toHaveBeenCalledTimes(1);
    resolve('pb_key');
    await expect(first).resolves.toBe('pb_key');
  });

  it('keeps different keys apart', () => {
    const run = vi.fn(async (key: string) => key);
    const redeem = oncePerKey(run);
    void redeem('a');
    void redeem('b');
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('forgets a settled call, whether it succeeded or failed', async () => {
    const run = vi.fn(async (key: string) => {
      if (key === 'bad') throw new Error('used');
      return key;
    });
    const redeem = oncePerKey(run);
    await redeem('ok');
    await expect(redeem('bad')).rejects.toThrow('used');
    await redeem('ok');
    await expect(redeem('bad')).rejects.toThrow('used');
    expect(run).toHaveBeenCalledTimes(4);
  });
});
