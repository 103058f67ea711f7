import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { type ReceivedMessage, type SmtpSink, startSmtpSink } from '../../test/helpers/smtp-sink';
import { type RunningServer, SERVER_FIXTURE_TIMEOUT_MS, startServer } from './server';

export { expect };

/** A server whose mail goes to a real SMTP server on loopback (STARTTLS, self-signed certificate). */
export interface MailEnv {
  server: RunningServer;
  sink: SmtpSink;
}

interface MailEnvPool {
  /** The environment of this spec file: started on its first test, stopped when the next file begins. */
  forFile(file: string): Promise<MailEnv>;
}

export const test = base.extend<{ env: MailEnv }, { mailEnvPool: MailEnvPool }>({
  mailEnvPool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern here.
    async ({}, use) => {
      let active: { file: string; env: MailEnv } | undefined;
      const stop = async () => {
        await active?.env.server.stop();
        await active?.env.sink.close();
        active = undefined;
      };
      await use({
        async forFile(file) {
          if (active?.file === file) return active.env;
          await stop();
          const sink = await startSmtpSink();
          // Tests only: the sink's certificate is self-signed (see SMTP_TLS_REJECT_UNAUTHORIZED in README).
          const server = await startServer({ SMTP_TLS_REJECT_UNAUTHORIZED: 'false' });
          active = { file, env: { server, sink } };
          return active.env;
        },
      });
      await stop();
    },
    { scope: 'worker', timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  // Its own timeout: a slow start waits (printing why) without eating the test's budget.
  env: [
    async ({ mailEnvPool }, use, testInfo) => {
      await use(await mailEnvPool.forFile(testInfo.file));
    },
    { timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  baseURL: async ({ env }, use) => {
    await use(env.server.url);
  },
});

export const ADMIN = { username: 'admin', email: 'admin@example.com', password: 'admin-pass-123' };
export const SITE_TITLE = 'Mail Paste';
export const MAIL_FROM = 'noreply@mail-paste.test';

/**
 * The visible toasts (Radix also announces them in a hidden copy). Located by class, not by the
 * region's role: while a modal dialog is open everything outside it is aria-hidden.
 */
export function toasts(page: Page) {
  return page.locator('.toast-root');
}

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  await expect(toasts(page).getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) {
    const text =
      typeof description === 'string'
        ? toasts(page).getByText(description, { exact: true })
        : toasts(page).getByText(description);
    await expect(text).toBeVisible();
  }
}

/** Saves a screenshot under test-results/screenshots/ (kept as an artifact). */
export async function snap(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}

/**
 * Runs the first-run wizard in the browser with SMTP pointed at the sink, checks the connection
 * with a test message, and completes setup.
 */
export async function setupWithSmtp(page: Page, env: MailEnv): Promise<void> {
  await page.goto('/setup');
  await page.getByLabel('Site Title').fill(SITE_TITLE);
  await page.getByLabel('Admin Username').fill(ADMIN.username);
  await page.getByLabel('Admin Email').fill(ADMIN.email);
  await page.getByLabel('Admin Password').fill(ADMIN.password);
  await page.getByLabel('Email Provider').selectOption('smtp');
  await page.getByLabel('From Email').fill(MAIL_FROM);
  await page.getByLabel('From Name').fill(SITE_TITLE);
  await page.getByLabel('SMTP Host').fill('127.0.0.1');
  await page.getByLabel('SMTP Port').fill(String(env.sink.port));
  await page.getByLabel('Send a test email to (optional)').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Test Email' }).click();
  await expectToast(page, 'Email Test Successful');
  const test = await env.sink.waitForMessage((m) => m.subject === 'Test email');
  expect(test.secured).toBe(true);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Setup complete!' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 120_000 });
}

/** The admin's session cookie, for calls the admin panel makes. */
async function adminCookie(env: MailEnv): Promise<string> {
  const res = await fetch(`${env.server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: ADMIN.username,
      password: ADMIN.password,
      captchaToken: 'captcha-disabled',
    }),
  });
  if (!res.ok) throw new Error(`admin login answered ${res.status}`);
  return (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** Changes settings as the admin panel does (PUT /api/settings). */
export async function changeSettings(env: MailEnv, change: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${env.server.url}/api/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: await adminCookie(env), Origin: env.server.url },
    body: JSON.stringify(change),
  });
  if (res.status !== 200) throw new Error(`PUT /api/settings answered ${res.status}: ${await res.text()}`);
}

/**
 * Writes one setting straight into the server's SQLite database: only to inject a fault the admin
 * panel rightly refuses (an SMTP port that fails its connection test). The server's settings cache
 * expires within 2 s, so callers wait for the change where it shows.
 */
export async function writeSetting(env: MailEnv, key: string, value: unknown): Promise<void> {
  const db = new Database(path.join(env.server.dataDir, 'pasteshare.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'insert into settings (key, value, updated_at) values (?, ?, ?) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at',
    ).run(key, JSON.stringify(value), Date.now());
  } finally {
    db.close();
  }
}

export async function waitForPublicSetting(env: MailEnv, key: string, value: unknown): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await fetch(`${env.server.url}/api/settings/public`);
        return ((await response.json()) as Record<string, unknown>)[key];
      },
      { timeout: 120_000 },
    )
    .toEqual(value);
}

/** A VIP licence key, generated as the admin panel does. */
export async function generateLicense(env: MailEnv): Promise<string> {
  const res = await fetch(`${env.server.url}/api/admin/vip-licenses/generate`, {
    method: 'POST',
    headers: { Cookie: await adminCookie(env), Origin: env.server.url },
  });
  if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { license: { licenseKey: string } }).license.licenseKey;
}

/** The newest message to an address (the one received after `after` messages to it, if given). */
export async function mailTo(env: MailEnv, address: string, count = 1): Promise<ReceivedMessage> {
  const to = (m: ReceivedMessage) => m.envelope.to.some((a) => a.toLowerCase() === address.toLowerCase());
  await env.sink.waitForMessage(() => env.sink.messages.filter(to).length >= count);
  return env.sink.messages.filter(to)[count - 1]!;
}

/** The first link in the mail's text part that matches. */
export function linkIn(message: ReceivedMessage, pattern: RegExp): string {
  const found = (message.text || message.html).match(pattern);
  if (!found) throw new Error(`No link matching ${pattern} in:\n${message.text || message.html}`);
  return found[0].replace(/&amp;/g, '&');
}

export const VERIFY_LINK = /https?:\/\/[^\s"<>]+\/api\/verify-email\/[A-Za-z0-9_.~-]+/;
export const RESET_LINK = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_.~%-]+/;

/** Logs in through the login form and waits for the home page. */
export async function logInWithForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth?tab=login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}
