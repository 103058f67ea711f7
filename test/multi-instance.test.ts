import { describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../src/common/constants.js';
import { setupBody } from './helpers/test-app.js';
import { withTwoInstances } from './helpers/two-instances.js';
import { waitUntil } from './helpers/wait-until.js';

/**
 * Two instances of one site (one database, one data folder, one Redis when TEST_REDIS_URL is set),
 * a visitor's requests alternating between them as a round-robin proxy would send them.
 */
const sites = withTwoInstances();

describe('two instances of one site', () => {
  it('agree on setup the moment it completes on either one', async () => {
    const { onA, onB } = sites.browser();
    // b has just answered "not completed" (and would have cached it): it must not repeat it.
    expect((await onB.get('/api/setup/status')).body).toEqual({ setupCompleted: false });
    expect((await onB.get('/api/user')).status).toBe(409);
    expect((await onA.post('/api/setup', setupBody())).status).toBe(200);
    expect((await onB.get('/api/setup/status')).body).toEqual({ setupCompleted: true });
    expect((await onB.get('/api/user')).status).not.toBe(409);
    expect((await onB.post('/api/setup', setupBody())).status).toBe(409);
  });

  it('carry one visitor through register, login, create and read', async () => {
    const { onA, onB } = sites.browser();
    await onA.post('/api/setup', setupBody());
    const account = { username: 'roundrobin', password: 'round-robin-1', email: 'rr@example.com' };
    const registered = await onB.post('/api/register', { ...account, captchaToken: CAPTCHA_BYPASS_TOKEN });
    expect(registered.status).toBe(201);
    const login = await onA.post('/api/login', {
      username: account.username,
      password: account.password,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(login.status).toBe(200);
    expect((await onB.get('/api/user')).body).toMatchObject({ username: account.username });

    const created = await onB.post('/api/pastes', { title: 'shared', content: 'made on b' });
    expect(created.status).toBe(201);
    const read = await onA.get(`/api/pastes/${created.body.id}`);
    expect(read.body).toMatchObject({ title: 'shared', content: 'made on b', username: account.username });
  });

  it('deliver a burn-after-reading paste exactly once across both', async () => {
    const { onA } = sites.browser();
    await onA.post('/api/setup', setupBody());
    const { id } = (await onA.post('/api/pastes', { content: 'once', expiration: 'burn' })).body;
    const readers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? sites.a : sites.b).client().get(`/api/pastes/${id}`)),
    );
    expect(readers.filter((r) => r.status === 200 && r.body.content === 'once')).toHaveLength(1);
    expect((await sites.b.client().get(`/api/pastes/${id}`)).status).toBe(404);
  });

  it('name a paste’s link preview card by one ETag, so either answers 304 to the other’s', async () => {
    const { onA } = sites.browser();
    await onA.post('/api/setup', setupBody());
    const { id } = (await onA.post('/api/pastes', { title: 'card', content: 'const x = 1;\n' })).body;
    const card = (base: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/og/${id}.png`, { headers });
    const fromA = await card(sites.a.baseUrl);
    expect(fromA.status).toBe(200);
    const etag = fromA.headers.get('etag')!;
    expect((await card(sites.b.baseUrl, { 'if-none-match': etag })).status).toBe(304);
  });

  it.runIf(sites.sharesRedis)('share one rate-limit budget per client through Redis', async () => {
    const { onA, onB } = sites.browser();
    await onA.post('/api/setup', setupBody());
    const statuses: number[] = [];
    // Reports are limited to 20 an hour per IP; alternating instances must not double that. One
    // paste each: a reporter reports a paste once (a second report is 409).
    for (let i = 0; i < 21; i++) {
      const client = i % 2 ? onA : onB;
      const { id } = (await onA.post('/api/pastes', { content: `reported ${i}` })).body;
      statuses.push((await client.post(`/api/pastes/${id}/report`, { reason: `report ${i}` })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201 || s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  // Through Redis pub/sub, or PostgreSQL LISTEN/NOTIFY without Redis; SQLite is one instance.
  it.runIf(sites.sharesRedis || process.env.TEST_DIALECT === 'postgres')(
    "show an admin's settings change on the other instance at once, not after the cache's 2 s",
    async () => {
      const { onA, onB } = sites.browser();
      expect((await onA.post('/api/setup', setupBody())).status).toBe(200);
      expect(
        (
          await onA.post('/api/login', {
            username: 'admin',
            password: setupBody().adminPassword,
            captchaToken: CAPTCHA_BYPASS_TOKEN,
          })
        ).status,
      ).toBe(200);
      // b reads (and caches) the settings; its clock stands still, so its cache never expires by
      // itself: only the change message can make it read again.
      expect((await onB.get('/api/settings/public')).body.siteTitle).toBe(setupBody().siteTitle);
      for (const [n, change] of [
        { siteTitle: 'Pushed Title' },
        { maxPasteSize: '1048576' },
        { vipLicenseUrl: 'https://example.com/buy' },
        { enableApiKeys: false },
        { enableAccessTokens: true },
        { requireSignInToCreate: true },
        { requireSignInToRead: true },
      ].entries()) {
        expect((await onA.put('/api/settings', change)).status, JSON.stringify(change)).toBe(200);
        const [key, value] = Object.entries(change)[0]!;
        // Public settings say the size limit in MB.
        const expected = key === 'maxPasteSize' ? 1 : value;
        await waitUntil(
          `change ${n} (${key}) to reach b`,
          async () => {
            const seen = ((await onB.get('/api/settings/public')).body as Record<string, unknown>)[key];
            if (seen !== expected) throw new Error(`b still says ${JSON.stringify(seen)}`);
            return true;
          },
          { intervalMs: 20 },
        );
      }
      // Enforced there too: a paste over the new 1 MiB limit is refused by b.
      const big = await onB.post('/api/pastes', { content: 'x'.repeat(1_100_000) });
      expect(big.status).toBe(413);
      // And the members-only switch: a visitor of b is turned away, its member is not.
      expect((await sites.b.client().get('/api/top-views')).status).toBe(401);
      expect((await onB.get('/api/top-views')).status).toBe(200);
    },
  );
});
