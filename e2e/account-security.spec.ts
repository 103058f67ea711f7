import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { CAPTCHA_BYPASS_TOKEN, TOTP_PERIOD_SEC } from '../src/common/constants';
import { axeViolations } from './support/axe';
import { ADMIN, expect, loginInContext, registerUser, snap, test, toasts } from './support/fixtures';

/**
 * Account → Sessions, the code prompt before an action that needs a fresh second factor, the
 * enrolment a role requires (Settings → Security), and an admin's reset of a second factor, in
 * Chromium. Codes are computed here from the key the server handed out, as an app would.
 */
// A hang guard for a loaded machine (axe runs in both themes, a code may wait for its next step).
test.describe.configure({ mode: 'serial', timeout: 600_000 });
test.use({ setupCompleted: true });

const SAM = { username: 'sam', password: 'sam-pass-001' };
const MIA = { username: 'mia', password: 'mia-pass-001' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const step = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_SEC);
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

async function snapBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await snap(page, `${name}-${theme}`);
    expect(await axeViolations(page), `${name} (${theme})`).toEqual([]);
  }
}

/** Another device of the same person: its own cookies and User-Agent, signed in by password. */
async function otherDevice(url: string, who: typeof SAM, userAgent: string): Promise<APIRequestContext> {
  const device = await playwrightRequest.newContext({
    baseURL: url,
    userAgent,
    extraHTTPHeaders: { origin: url },
  });
  const res = await device.post('/api/login', { data: { ...who, captchaToken: CAPTCHA_BYPASS_TOKEN } });
  expect(res.ok(), await res.text()).toBe(true);
  return device;
}

test('Account → Sessions lists every device and signs them out', async ({ page, server }) => {
  await registerUser(server.url, SAM.username, SAM.password);
  const laptop = await otherDevice(server.url, SAM, FIREFOX);
  const phone = await otherDevice(server.url, SAM, IPHONE);
  await loginInContext(page, SAM.username, SAM.password);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Sessions' });
  await expect(card.getByTestId('session')).toHaveCount(3);
  await expect(card.getByTestId('session').first()).toContainText('This device');
  await expect(card.getByText('Firefox 128 on Linux')).toBeVisible();
  await expect(card.getByText('Safari 17 on iOS')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await snapBothThemes(page, 'account-sessions');

  await card.getByRole('button', { name: 'Sign out Firefox 128 on Linux' }).click();
  await expect(card.getByTestId('session')).toHaveCount(2);
  expect((await laptop.get('/api/user')).status()).toBe(401);
  expect((await phone.get('/api/user')).status()).toBe(200);

  await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(toasts(page)).toContainText('1 session ended');
  await expect(card.getByTestId('session')).toHaveCount(1);
  expect((await phone.get('/api/user')).status()).toBe(401);
  expect((await page.request.get('/api/user')).status()).toBe(200);
  await laptop.dispose();
  await phone.dispose();
});

test('a new API key asks for a code when this session has not given one', async ({ page, server }) => {
  // This browser signs in with the password alone; then the person turns on TOTP elsewhere.
  await loginInContext(page, SAM.username, SAM.password);
  const elsewhere = await otherDevice(server.url, SAM, FIREFOX);
  const secret = (await (await elsewhere.post('/api/account/second-factor/totp')).json()).secret as string;
  const used = step();
  const confirmed = await elsewhere.post('/api/account/second-factor/totp/confirm', {
    data: { code: codeOf(secret) },
  });
  expect(confirmed.ok()).toBe(true);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'API Key' });
  await card.getByRole('button', { name: 'Generate API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await snapBothThemes(page, 'step-up-dialog');
  await dialog.getByRole('textbox', { name: 'Code' }).fill('000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toContainText('That code is not valid');
  // A code of the step the enrolment used is a replay: wait for the next one.
  await expect.poll(step, { timeout: (TOTP_PERIOD_SEC + 5) * 1000, intervals: [500] }).toBeGreaterThan(used);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(codeOf(secret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Your new API key')).toBeVisible();
  await elsewhere.dispose();
});

test('a role that requires a second factor: the enrolment comes before anything else', async ({
  page,
  server,
}) => {
  await registerUser(server.url, MIA.username, MIA.password);
  await loginInContext(page, ADMIN.username, ADMIN.password);
  const admin = page.request;
  const users = (await (await admin.get('/api/admin/users')).json()).users as {
    id: number;
    username: string;
  }[];
  const mia = users.find((u) => u.username === MIA.username)!;
  const headers = { origin: server.url };
  expect((await admin.put(`/api/users/${mia.id}`, { data: { role: 'manager' }, headers })).ok()).toBe(true);

  await page.goto('/admin/settings');
  const roles = page.getByRole('group', { name: 'Two-factor authentication required for' });
  await roles.getByLabel('Managers').check();
  await roles.scrollIntoViewIfNeeded();
  await snapBothThemes(page, 'second-factor-roles-setting');
  await page.getByRole('button', { name: 'Save Security Settings' }).click();
  await expect(toasts(page).getByText('Settings updated')).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/auth?tab=login');
  await page.getByLabel('Username').fill(MIA.username);
  await page.getByLabel('Password', { exact: true }).fill(MIA.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  // Any page shows the same step; the admin panel is not reachable.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await snapBothThemes(page, 'second-factor-enrolment-required');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = await page.getByLabel('Setup key').inputValue();
  await page.getByLabel('Code from the app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Delete Requests' })).toBeVisible();
});

test('an admin resets a person’s second factor from the Users tab', async ({ page }) => {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/users');
  const card = page
    .getByRole('heading', { name: MIA.username, exact: true })
    .locator('xpath=ancestor::section[1]');
  await expect(card.getByText('Two-factor on')).toBeVisible();
  await card.getByRole('button', { name: `Actions for ${MIA.username}` }).click();
  await page.getByRole('menuitem', { name: 'Reset Two-Factor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-factor authentication' });
  await snapBothThemes(page, 'admin-reset-second-factor');
  await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(toasts(page).getByText('Two-factor authentication reset')).toBeVisible();
  await expect(card.getByText('Two-factor on')).toBeHidden();
  await page.goto('/admin/audit');
  await expect(
    page.getByText("Reset a user's two-factor authentication").filter({ visible: true }).first(),
  ).toBeVisible();
});
