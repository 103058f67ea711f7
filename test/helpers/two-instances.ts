import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import { HttpClient } from './http-client.js';
import { liveView, startTestApp, type TestApp } from './test-app.js';

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  /** One browser: a client per instance, sharing one cookie jar, as behind a round-robin proxy. */
  browser(): { onA: HttpClient; onB: HttpClient };
}

/**
 * Two instances of one site before each test: one database, one data folder and, when
 * TEST_REDIS_URL is set, one Redis namespace — each with its own process state (caches, counters).
 * Setup is not completed: the flows under test start from the wizard.
 */
export function withTwoInstances(
  opts: { env?: Record<string, string> } = {},
): TwoInstances & { sharesRedis: boolean } {
  const redisUrl = process.env.TEST_REDIS_URL;
  let current: { a: TestApp; b: TestApp } | undefined;
  beforeEach(async () => {
    const env: Record<string, string> = {
      ...opts.env,
      ...(redisUrl
        ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}` }
        : {}),
    };
    const a = await startTestApp({ env });
    const b = await startTestApp({ env, sharing: a });
    current = { a, b };
  });
  afterEach(async () => {
    const closing = current;
    current = undefined;
    await closing?.b.close();
    await closing?.a.close();
  });
  const apps = liveView(() => current, 'the two instances');
  return {
    sharesRedis: Boolean(redisUrl),
    get a() {
      return apps.a;
    },
    get b() {
      return apps.b;
    },
    browser() {
      const jar = new Map<string, string>();
      return { onA: new HttpClient(apps.a.baseUrl, jar), onB: new HttpClient(apps.b.baseUrl, jar) };
    },
  };
}
