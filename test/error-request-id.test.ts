import { describe, expect, it } from 'vitest';
import type { TestResponse } from './helpers/http-client.js';
import { signedIn, withTestApp } from './helpers/test-app.js';

/**
 * Every refusal carries `requestId`, the id of the request's log lines (docs/operations.md), so a
 * user who quotes it points at the line the server wrote. One refusal of each common status.
 */
const lines: string[] = [];
const t = withTestApp({
  each: false,
  env: { LOG_LEVEL: 'info', PASTE_CREATE_PER_IP_PER_MIN: '1' },
  logStream: { write: (line) => lines.push(line) },
});

/** The status the server logged for the request with this id (its "request completed" line). */
function loggedStatus(requestId: string): number | undefined {
  return lines
    .map((line) => JSON.parse(line) as { reqId?: string; res?: { statusCode: number } })
    .find((entry) => entry.reqId === requestId && entry.res)?.res?.statusCode;
}

describe('error answers', () => {
  it('name the request in the logs, whatever the status', async () => {
    const c = t.client();
    const paste = { content: 'x', privacy: 'public', expiration: '1d' };
    // The one create a minute this server allows an address.
    const { id } = (await c.post('/api/pastes', paste)).body;
    const report = () => c.post(`/api/pastes/${id}/report`, { reason: 'spam' });
    const cases: [number, () => Promise<TestResponse>][] = [
      [400, () => c.post(`/api/pastes/${id}/report`, { reason: '' })],
      [401, () => c.get('/api/user')],
      [403, async () => (await signedIn(t)).client.get('/api/settings')],
      [404, () => c.get('/api/pastes/AAAAAAAAAAAA')],
      [409, async () => (await report()) && report()],
      [413, () => c.post('/api/login', { username: 'x'.repeat(70_000) })],
      [429, () => c.post('/api/pastes', paste)],
    ];
    const ids = new Set<string>();
    for (const [status, send] of cases) {
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body.requestId, String(status)).toMatch(/^[0-9a-f-]{36}$/);
      expect(loggedStatus(res.body.requestId)).toBe(status);
      ids.add(res.body.requestId);
    }
    expect(ids.size).toBe(cases.length);
  });
});
