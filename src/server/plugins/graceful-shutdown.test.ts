import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app.js';

/** A kept-alive connection as a proxy holds one: requests written by hand, answers read whole. */
class KeptAlive {
  private readonly socket: net.Socket;
  private buffered = '';
  private waiting: (() => void) | null = null;
  closed = false;

  constructor(baseUrl: string) {
    const { hostname, port } = new URL(baseUrl);
    this.socket = net.connect(Number(port), hostname);
    this.socket.setEncoding('latin1');
    this.socket.on('data', (d: string) => {
      this.buffered += d;
      this.waiting?.();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
  }

  async get(path: string): Promise<{ status: number; connection: string | undefined }> {
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    for (;;) {
      const head = /^HTTP\/1\.1 (\d{3})[\s\S]*?\r\n\r\n/.exec(this.buffered);
      const length = head ? Number(/content-length: (\d+)/i.exec(head[0])?.[1]) : Number.NaN;
      if (head && this.buffered.length >= head[0].length + length) {
        this.buffered = this.buffered.slice(head[0].length + length);
        return { status: Number(head[1]), connection: /\r\nconnection: ([^\r]*)/i.exec(head[0])?.[1] };
      }
      if (this.closed) throw new Error('connection closed before an answer');
      await new Promise<void>((r) => {
        this.waiting = r;
      });
    }
  }

  async untilClosed(): Promise<void> {
    while (!this.closed) await new Promise<void>((r) => (this.waiting = r));
  }

  destroy(): void {
    this.socket.destroy();
  }
}

function connectError(baseUrl: string): Promise<string | null> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const s = net.connect(Number(port), hostname);
    s.once('connect', () => {
      s.destroy();
      resolve(null);
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('drain (a stop behind a keep-alive proxy)', () => {
  it('leaves readiness, refuses new connections, answers on open ones and lets them close', async () => {
    t = await startTestApp();
    const conn = new KeptAlive(t.baseUrl);
    expect(await conn.get('/readyz')).toMatchObject({ status: 200, connection: 'keep-alive' });

    const drained = t.app.drain({ delayMs: 300, timeoutMs: 10_000 });
    // During the delay the listener still accepts, and readiness says we are leaving.
    expect((await fetch(`${t.baseUrl}/readyz`)).status).toBe(503);
    expect(t.app.draining).toBe(true);
    await new Promise((r) => setTimeout(r, 400));

    // New connections are refused (a proxy retries those elsewhere, POST included)…
    expect(await connectError(t.baseUrl)).toBe('ECONNREFUSED');
    // …while a request on the open connection is answered, with the connection closed after it.
    expect(await conn.get('/healthz')).toEqual({ status: 200, connection: 'close' });
    await conn.untilClosed();
    expect(await drained).toEqual({ drained: true });
  });

  it('gives up at its limit on a connection nobody ends, and says how many are open', async () => {
    t = await startTestApp();
    const idle = new KeptAlive(t.baseUrl);
    await idle.get('/healthz');
    expect(await t.app.drain({ delayMs: 0, timeoutMs: 200 })).toEqual({ drained: false, open: 1 });
    expect(idle.closed).toBe(false);
    idle.destroy();
  });
});
