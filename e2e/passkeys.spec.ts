import type { CDPSession, Page } from '@playwright/test';
import { CAPTCHA_BYPASS_TOKEN } from '../src/common/constants';
import { axeViolations } from './support/axe';
import { ADMIN, expect, registerUser, SITE_TITLE, snap, test } from './support/fixtures';

/**
 * Passkeys in Chromium with the DevTools virtual authenticator (a platform authenticator that
 * verifies the user): register one from the account page, sign out, sign in with it alone, use it
 * as the second factor after the password, and remove it. The site is served as `localhost`:
 * WebAuthn refuses an IP address as the relying party's id.
 */
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const PAT = { username: 'pat', password: 'pat-pass-0001' };
const site = (url: string) => url.replace('127.0.0.1', 'localhost');

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function snapThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await snap(page, `${name}-${theme}`);
    expect(await axeViolations(page), `${name} (${theme})`).toEqual([]);
  }
}

test('register a passkey, sign in with it alone and as the second factor, then remove it', async ({
  page,
  server,
}) => {
  const base = site(server.url);
  const setup = await page.request.post(`${server.url}/api/setup`, {
    data: {
      siteTitle: SITE_TITLE,
      domain: base,
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      adminEmail: ADMIN.email,
      emailProvider: 'none',
    },
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  await registerUser(server.url, PAT.username, PAT.password);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  // Register from Account → Security.
  const login = await page.request.post(`${base}/api/login`, {
    data: { ...PAT, captchaToken: CAPTCHA_BYPASS_TOKEN },
    headers: { origin: base },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await page.goto(`${base}/account`);
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
  await card.getByLabel('Passkey name').fill('Test laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop')).toBeVisible();
  // A discoverable credential on the authenticator, as a passkey must be.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.map((c) => c.isResidentCredential)).toEqual([true]);
  await card.scrollIntoViewIfNeeded();
  await snapThemes(page, 'passkeys-account');

  // Signed out, the passkey alone signs in.
  await page.context().clearCookies();
  await page.goto(`${base}/auth?tab=login`);
  await snapThemes(page, 'passkeys-login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  expect((await (await page.request.get(`${base}/api/user`)).json()).username).toBe(PAT.username);

  // The password now asks for the passkey too.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/auth?tab=login`);
  await page.getByLabel('Username').fill(PAT.username);
  await page.getByLabel('Password', { exact: true }).fill(PAT.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await snapThemes(page, 'passkeys-second-factor-phone');
  await usePasskey.click();
  await expect(page).not.toHaveURL(/\/auth/);

  // Removed (the sign-in just now was a fresh check), the password alone signs in again.
  await page.goto(`${base}/account`);
  const phoneCard = page.getByRole('region', { name: 'Passkeys' });
  await phoneCard.scrollIntoViewIfNeeded();
  await snapThemes(page, 'passkeys-account-phone');
  await phoneCard.getByRole('button', { name: 'Remove Test laptop' }).click();
  await page.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(phoneCard.getByText('No passkeys yet.')).toBeVisible();
  await page.context().clearCookies();
  const again = await page.request.post(`${base}/api/login`, {
    data: { ...PAT, captchaToken: CAPTCHA_BYPASS_TOKEN },
    headers: { origin: base },
  });
  expect((await again.json()).username).toBe(PAT.username);
});
