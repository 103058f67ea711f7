import { describe, expect, it } from 'vitest';
import { recutStream } from './recut-stream';

/** A stream of `total` bytes (byte i = i mod 251) delivered in pieces of the given lengths, cycling. */
function source(total: number, lengths: number[]): ReadableStream<Uint8Array> {
  let sent = 0;
  let turn = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === total) return controller.close();
      const n = Math.min(total - sent, lengths[turn++ % lengths.length] ?? 1);
      const chunk = new Uint8Array(n);
      for (let i = 0; i < n; i++) chunk[i] = (sent + i) % 251;
      sent += n;
      controller.enqueue(chunk);
    },
  });
}

const joined = (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
};

/** The pieces, each joined from its parts. */
async function pieces(stream: ReadableStream<Uint8Array>, size: number): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const parts of recutStream(stream, size)) out.push(joined(parts));
  return out;
}

const expected = (total: number) => Uint8Array.from({ length: total }, (_, i) => i % 251);

describe('recutStream', () => {
  it.each([
    { total: 1000, lengths: [1], size: 100 },
    { total: 1000, lengths: [7, 300, 1, 64], size: 100 },
    { total: 1001, lengths: [1024], size: 100 },
    { total: 999, lengths: [100], size: 100 },
    { total: 5, lengths: [3], size: 100 },
    { total: 4096 + 33, lengths: [1040, 16], size: 1024 },
  ])(
    'cuts $total bytes arriving as $lengths into pieces of $size, bytes and order kept',
    async ({ total, lengths, size }) => {
      const got = await pieces(source(total, lengths), size);
      expect(got.map((p) => p.length)).toEqual(
        Array.from({ length: Math.ceil(total / size) }, (_, i) => Math.min(size, total - i * size)),
      );
      expect(joined(got)).toEqual(expected(total));
    },
  );

  it('copies nothing: a piece is views of the chunks that arrived', async () => {
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5, 6, 7])];
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(chunk);
        c.close();
      },
    });
    const got: Uint8Array[][] = [];
    for await (const parts of recutStream(stream, 5)) got.push(parts);
    expect(got.map((parts) => parts.map((p) => [...p]))).toEqual([
      [
        [1, 2, 3],
        [4, 5],
      ],
      [[6, 7]],
    ]);
    expect(got[0]![1]!.buffer).toBe(chunks[1]!.buffer);
  });

  it('yields nothing for an empty stream', async () => {
    expect(await pieces(source(0, [1]), 10)).toEqual([]);
  });

  it('cancels the source when the consumer stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(new Uint8Array(10)),
      cancel: () => {
        cancelled = true;
      },
    });
    for await (const parts of recutStream(stream, 25)) {
      expect(joined(parts).length).toBe(25);
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('passes a source error on', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(5));
        c.error(new Error('read failed'));
      },
    });
    await expect(pieces(stream, 4)).rejects.toThrow('read failed');
  });

  it('refuses a piece size that is not a positive integer', async () => {
    await expect(pieces(source(1, [1]), 0)).rejects.toThrow(RangeError);
  });
});
