import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureImage } from './measure-image';

const LIMIT = 1000;
/** Bytes each response of the server actually wrote before its client went away. */
const written = new Map<string, number>();
let base = '';
const server = http.createServer((req, res) => {
  const [, kind, size] = req.url!.split('/');
  const total = Number(size);
  if (kind === 'missing') return res.writeHead(404).end();
  // 'declared' sends its Content-Length; 'chunked' only the bytes, in pieces.
  res.writeHead(200, kind === 'declared' ? { 'content-length': String(total) } : {});
  let sent = 0;
  const piece = Buffer.alloc(100, 1);
  const next = () => {
    if (sent >= total || res.destroyed) {
      written.set(req.url!, sent);
      return res.end();
    }
    sent += piece.length;
    res.write(piece);
    setTimeout(next, 1);
  };
  res.on('close', () => written.set(req.url!, sent));
  next();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('measureImage', () => {
  it('counts an image up to the limit', async () => {
    expect(await measureImage(`${base}/chunked/${LIMIT}`, LIMIT)).toEqual({ bytes: LIMIT });
    expect(await measureImage(`${base}/declared/300`, LIMIT)).toEqual({ bytes: 300 });
  });

  it('says "too large" past the limit and stops reading there', async () => {
    expect(await measureImage(`${base}/chunked/1000000`, LIMIT)).toEqual({ tooLarge: true });
    await expect.poll(() => written.get('/chunked/1000000')).toBeLessThan(1_000_000);
    expect(await measureImage(`${base}/declared/1001`, LIMIT)).toEqual({ tooLarge: true });
  });

  it('knows nothing of an image it cannot read', async () => {
    expect(await measureImage(`${base}/missing/0`, LIMIT)).toBeNull();
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await measureImage(`http://127.0.0.1:${port}/x.png`, LIMIT)).toBeNull();
  });
});
