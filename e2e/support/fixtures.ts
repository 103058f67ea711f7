import { test as base, expect, type Page } from '@playwright/test';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants';
import { type RunningServer, SERVER_FIXTURE_TIMEOUT_MS, startServer } from './server';

export { expect };

interface ServerPool {
  /** The server of this spec file: started on the file's first test, stopped when the next file begins. */
  forFile(file: string, completeSetupFirst: boolean, env: Record<string, string>): Promise<RunningServer>;
}

interface TestFixtures {
  /** Set with `test.use({ setupCompleted: true })` to finish the wizard through the API first. */
  setupCompleted: boolean;
  /** Extra environment for this file's server, with `test.use({ serverEnv: {...} })`. */
  serverEnv: Record<string, string>;
  server: RunningServer;
}

export const test = base.extend<TestFixtures, { serverPool: ServerPool }>({
  serverPool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern here.
    async ({}, use) => {
      let active: { file: string; server: RunningServer } | undefined;
      await use({
        async forFile(file, completeSetupFirst, env) {
          if (active?.file === file) return active.server;
          await active?.server.stop();
          active = undefined;
          const server = await startServer(env);
          if (completeSetupFirst) await completeSetup(server.url);
          active = { file, server };
          return server;
        },
      });
      await active?.server.stop();
    },
    { scope: 'worker', timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  setupCompleted: [false, { option: true }],
  serverEnv: [{}, { option: true }],
  // Its own timeout: a slow start waits (printing why) without eating the test's budget.
  server: [
    async ({ serverPool, setupCompleted, serverEnv }, use, testInfo) => {
      await use(await serverPool.forFile(testInfo.file, setupCompleted, serverEnv));
    },
    { timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export const ADMIN = { username: 'admin', email: 'admin@example.com', password: 'admin-pass-123' };
export const SITE_TITLE = 'E2E Paste';

async function post(url: string, body: unknown): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function completeSetup(url: string): Promise<void> {
  await post(`${url}/api/setup`, {
    siteTitle: SITE_TITLE,
    domain: url,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    adminEmail: ADMIN.email,
    emailProvider: 'none',
  });
}

export async function registerUser(url: string, username: string, password: string): Promise<void> {
  await post(`${url}/api/register`, {
    username,
    email: `${username}@example.com`,
    password,
    captchaToken: CAPTCHA_BYPASS_TOKEN,
  });
}

/** Logs in through the API inside the page's browser context, so the session cookie is the page's. */
export async function loginInContext(page: Page, username: string, password: string): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { username, password, captchaToken: CAPTCHA_BYPASS_TOKEN },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The toast region (Radix also announces toasts in a hidden copy; look only at the visible one). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

/** Saves a screenshot of the current screen under test-results/screenshots/ (kept as an artifact). */
export async function snap(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}
