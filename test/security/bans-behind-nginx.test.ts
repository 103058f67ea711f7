import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNginx, startNginx } from '../helpers/nginx.js';
import { completeSetup, signedIn, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * An address ban through the nginx of docs/operations.md: the server sees the client nginx names in
 * X-Forwarded-For (TRUST_PROXY=127.0.0.1), as the rate limits do. Clients connect from other
 * loopback addresses (127.0.0.2, 127.0.0.3) so nginx has a different client to name for each.
 */
let t: TestApp;
let nginx: RunningNginx | undefined;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  await completeSetup(t);
  nginx = await startNginx([new URL(t.baseUrl).host]);
});

afterAll(async () => {
  await nginx?.stop();
  await t?.close();
});

/** A new paste sent through nginx from `localAddress`, with any headers the client adds. */
function createFrom(localAddress: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL('/api/pastes', nginx!.url);
  const body = JSON.stringify({ content: `from ${localAddress}`, privacy: 'public', expiration: '1d' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('an address ban behind nginx', () => {
  it('refuses the client nginx forwards, whatever it writes in X-Forwarded-For itself', async () => {
    expect(await createFrom('127.0.0.2')).toBe(201);
    const { client: staff } = await signedIn(t, 'manager');
    const ban = await staff.post('/api/admin/bans', {
      kind: 'address',
      address: '127.0.0.2',
      reason: 'flooding',
      hours: null,
    });
    expect(ban.status, ban.text).toBe(201);
    expect(await createFrom('127.0.0.2')).toBe(403);
    expect(await createFrom('127.0.0.2', { 'x-forwarded-for': '198.51.100.1' })).toBe(403);
    expect(await createFrom('127.0.0.3')).toBe(201);
  });
});
