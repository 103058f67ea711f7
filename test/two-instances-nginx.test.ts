import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../src/common/constants.js';
import { HttpClient } from './helpers/http-client.js';
import { requestsAnswered, startInstancesBehindNginx } from './helpers/nginx.js';
import { setupBody, type TestApp } from './helpers/test-app.js';

/**
 * Two instances of one site (one database, one data folder, one Redis when TEST_REDIS_URL is set)
 * behind nginx running the configuration of docs/operations.md with both as its upstream: round
 * robin, every request through nginx's port.
 */
let a: TestApp;
let b: TestApp;
let site: Awaited<ReturnType<typeof startInstancesBehindNginx>> | undefined;

beforeAll(async () => {
  site = await startInstancesBehindNginx();
  ({ a, b } = site);
});

afterAll(async () => {
  await site?.close();
});

describe('two instances behind nginx (docs/operations.md)', () => {
  it('take setup on one, then login, create and read through either', async () => {
    const browser = new HttpClient(site!.nginx.url);
    expect((await browser.post('/api/setup', setupBody({ domain: site!.nginx.url }))).status).toBe(200);
    const login = await browser.post('/api/login', {
      username: 'admin',
      password: setupBody().adminPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(login.status).toBe(200);
    const [beforeA, beforeB] = [await requestsAnswered(a), await requestsAnswered(b)];
    for (let i = 0; i < 10; i++) {
      const created = await browser.post('/api/pastes', { content: `through nginx ${i}`, expiration: '1d' });
      expect(created.status).toBe(201);
      const read = await browser.get(`/api/pastes/${created.body.id}`);
      expect(read.body.content).toBe(`through nginx ${i}`);
      expect((await browser.get('/api/user')).body.username).toBe('admin');
    }
    // Round robin: both instances answered a share of the 30 requests.
    expect((await requestsAnswered(a)) - beforeA).toBeGreaterThan(5);
    expect((await requestsAnswered(b)) - beforeB).toBeGreaterThan(5);
  });

  it('give a burn paste to exactly one of 20 readers arriving at once', async () => {
    const creator = new HttpClient(site!.nginx.url);
    const { body } = await creator.post('/api/pastes', { content: 'read once', expiration: 'burn' });
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => new HttpClient(site!.nginx.url).get(`/api/pastes/${body.id}`)),
    );
    const shown = reads.filter((r) => r.status === 200 && r.body.content === 'read once');
    expect(shown).toHaveLength(1);
    expect(reads.filter((r) => r.status === 404)).toHaveLength(19);
  });

  // The change is pushed through Redis, or PostgreSQL without Redis; SQLite alone is one instance.
  it.runIf(process.env.TEST_REDIS_URL || process.env.TEST_DIALECT === 'postgres')(
    "show an admin's settings change on every read after it, and enforce it",
    async () => {
      const admin = new HttpClient(site!.nginx.url);
      await admin.post('/api/login', {
        username: 'admin',
        password: setupBody().adminPassword,
        captchaToken: CAPTCHA_BYPASS_TOKEN,
      });
      // Both instances read (and cache) the settings first.
      for (let i = 0; i < 4; i++) await admin.get('/api/settings/public');
      expect(
        (await admin.put('/api/settings', { siteTitle: 'Through nginx', maxPasteSize: '1048576' })).status,
      ).toBe(200);
      // The change message may take a moment to arrive; within a second every read has it.
      let stale = 0;
      const deadline = Date.now() + 1000;
      for (let i = 0; i < 20; i++) {
        const { siteTitle, maxPasteSize } = (await admin.get('/api/settings/public')).body;
        if (siteTitle !== 'Through nginx' || maxPasteSize !== 1) {
          stale += 1;
          expect(Date.now(), `read ${i} still stale`).toBeLessThan(deadline);
        }
      }
      expect(stale).toBeLessThanOrEqual(2);
      for (let i = 0; i < 4; i++) {
        const big = await admin.post('/api/pastes', { content: 'x'.repeat(1_100_000), expiration: '1d' });
        expect(big.status).toBe(413);
      }
    },
  );
});
