import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { CAPTCHA_BYPASS_TOKEN, TOTP_PERIOD_SEC } from '../src/common/constants';
import { axeViolations } from './support/axe';
import { expect, registerUser, snap, test } from './support/fixtures';

/**
 * Two-factor authentication with an authenticator app, in Chromium: set up from the account page
 * (QR code, key, first code, recovery codes), then a sign-in that asks for the code, and one with
 * a recovery code. Codes are computed here from the key the page shows, as the app would.
 */
// A hang guard for a loaded machine (axe runs four times, a code waits for its next step), not a speed limit.
test.describe.configure({ mode: 'serial', timeout: 600_000 });
test.use({ setupCompleted: true, viewport: { width: 390, height: 844 } });

const TINA = { username: 'tina', password: 'tina-pass-01' };
let secret = '';
let recoveryCodes: string[] = [];

const step = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_SEC);
const code = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** A code of the step just used is refused as a replay: the next one comes within 30 s. */
async function nextCode(after: number): Promise<string> {
  await expect.poll(step, { timeout: (TOTP_PERIOD_SEC + 5) * 1000, intervals: [500] }).toBeGreaterThan(after);
  return code();
}

async function snapBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await snap(page, `${name}-${theme}`);
    expect(await axeViolations(page), `${name} (${theme})`).toEqual([]);
  }
}

async function logIn(page: Page) {
  await page.goto('/auth?tab=login');
  await page.getByLabel('Username').fill(TINA.username);
  await page.getByLabel('Password', { exact: true }).fill(TINA.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
}

let usedStep = 0;

test('sets up an authenticator app from the account page', async ({ page, server }) => {
  await registerUser(server.url, TINA.username, TINA.password);
  const login = await page.request.post('/api/login', {
    data: { ...TINA, captchaToken: CAPTCHA_BYPASS_TOKEN },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  secret = await card.getByLabel('Setup key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.scrollIntoViewIfNeeded();
  await snapBothThemes(page, 'second-factor-enrol');

  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('That code is not valid');

  usedStep = step();
  await card.getByLabel('Code from the app').fill(code());
  await card.getByRole('button', { name: 'Turn on' }).click();
  const list = card.getByTestId('recovery-codes');
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = await list.getByRole('listitem').allTextContents();
  await snapBothThemes(page, 'second-factor-recovery-codes');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('10 of your recovery codes left.')).toBeVisible();
});

test('the password alone signs in no more: the code does', async ({ page }) => {
  await logIn(page);
  await snapBothThemes(page, 'second-factor-sign-in');
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await page.getByLabel('Authentication code').fill(await nextCode(usedStep));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/user')).status()).toBe(200);
});

test('a recovery code signs in once', async ({ page }) => {
  await logIn(page);
  await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.context().clearCookies();
  await logIn(page);
  await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('That code is not valid');
  expect((await page.request.get('/api/user')).status()).toBe(401);
});
