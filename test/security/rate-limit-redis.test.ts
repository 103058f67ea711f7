import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
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
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}` };
    a = await startTestApp({ env });
    b = await startTestApp({ env });
    await completeSetup(a);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts attempts on either instance against one budget per username', async () => {
    const u = await createUser(a);
    const attempt = (t: TestApp) =>
      t.client().post('/api/login', {
        username: u.username,
        password: 'wrong-pass',
        captchaToken: CAPTCHA_BYPASS_TOKEN,
      });
    for (let i = 0; i < 5; i++) expect((await attempt(a)).status).toBe(401);
    // b has its own database: the account is unknown there, but the username budget is shared.
    await completeSetup(b);
    for (let i = 0; i < 5; i++) expect((await attempt(b)).status).toBe(401);
    const limited = await attempt(a);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
