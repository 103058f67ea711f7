import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import { pasteRow, storedViewCount } from '../helpers/pastes.js';
import { completeSetup, createUser, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Two instances behind one Redis share their counters: an attacker cannot multiply the login
 * budget by spreading attempts over instances. CI always sets TEST_REDIS_URL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.log('Redis rate-limit suite did not run: TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379).');

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      PASTE_CREATE_PER_IP_PER_MIN: '4',
    };
    a = await startTestApp({ env });
    b = await startTestApp({ env });
    await completeSetup(a);
    await completeSetup(b);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts failures on either instance against one slow-down per username, never a lock-out', async () => {
    const u = await createUser(a);
    const attempt = (t: TestApp, password = 'wrong-pass') =>
      t.client().post('/api/login', {
        username: u.username,
        password,
        captchaToken: CAPTCHA_BYPASS_TOKEN,
      });
    // b has its own database: the account is unknown there, but the username's counter is shared.
    for (let i = 0; i < 3; i++) expect((await attempt(a)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await attempt(b)).status).toBe(401);
    expect(a.clock.sleeps).toEqual([]);
    // The sixth failure overall is slowed down, on whichever instance it lands.
    expect((await attempt(b)).status).toBe(401);
    expect(b.clock.sleeps).toEqual([250]);
    const owner = await attempt(a, u.plainPassword);
    expect(owner.status).toBe(200);
    expect(a.clock.sleeps).toEqual([500]);
  });

  it('blocks one IP hard across both instances, with Retry-After', async () => {
    const attempt = (t: TestApp, i: number) =>
      t.client().post('/api/login', {
        username: `nobody${i}`,
        password: 'wrong-pass',
        captchaToken: CAPTCHA_BYPASS_TOKEN,
      });
    // The earlier test spent a few of this IP's 30; 15 more on each instance runs the rest out.
    let last = 0;
    for (let i = 0; i < 15; i++) last = (await attempt(a, i)).status;
    expect(last).toBe(401);
    let limited = await attempt(b, 100);
    for (let i = 0; i < 20 && limited.status !== 429; i++) limited = await attempt(b, 200 + i);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await attempt(a, 999)).status).toBe(429);
  });

  it('counts a viewer once across instances', async () => {
    // Each instance has its own database here: the same paste goes into both.
    const id = `shared${randomBytes(4).toString('hex')}`;
    for (const t of [a, b]) await t.db.kysely.insertInto('pastes').values(pasteRow(id)).execute();
    const read = (t: TestApp) => t.client().get(`/api/pastes/${id}`);
    expect((await read(a)).body.viewCount).toBe(1);
    for (let i = 0; i < 5; i++) await read(b);
    for (let i = 0; i < 5; i++) await read(a);
    expect((await storedViewCount(a, id)) + (await storedViewCount(b, id))).toBe(1);
  });

  it('limits paste creation per address across both instances', async () => {
    const create = (t: TestApp) =>
      t.client().post('/api/pastes', { content: 'hello', privacy: 'public', expiration: '1d' });
    for (const t of [a, b, a, b]) expect((await create(t)).status).toBe(201);
    for (const t of [a, b]) {
      const limited = await create(t);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
