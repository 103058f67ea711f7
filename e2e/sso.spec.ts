import type { Page } from '@playwright/test';
import { CAPTCHA_BYPASS_TOKEN } from '../src/common/constants';
import { startOidcProvider, type TestOidcProvider } from '../test/helpers/oidc-provider';
import { startSlapd, type TestDirectory } from '../test/helpers/slapd';
import { axeViolations } from './support/axe';
import { ADMIN, completeSetup, expect, snap, test, toasts } from './support/fixtures';
import { type RunningServer, startServer } from './support/server';

/**
 * Signing in through an external identity, in Chromium: the real OpenID provider's login page and
 * a real OpenLDAP directory, both started here; the screens looked at in both themes at phone width.
 */
test.describe.configure({ mode: 'serial' });

let op: TestOidcProvider;
let directory: TestDirectory;
let server: RunningServer;

test.beforeAll(async () => {
  // A hang guard for three servers started on a possibly loaded machine, not a speed limit.
  test.setTimeout(600_000);
  op = await startOidcProvider({
    olivia: {
      password: 'olivia-idp-pw',
      claims: {
        preferred_username: 'olivia',
        email: 'olivia@corp.example',
        email_verified: true,
        groups: ['paste-mods'],
      },
    },
    linker: { password: 'linker-pw', claims: { preferred_username: 'admin-at-corp' } },
    tess: { password: 'tess-idp-pw', claims: { preferred_username: 'tess', groups: ['ops-staff'] } },
  });
  directory = await startSlapd([{ uid: 'lars', password: 'lars-directory-pw', mail: 'lars@corp.example' }]);
  server = await startServer({
    OIDC_PROVIDERS: JSON.stringify([
      op.envEntry('corp', {
        name: 'Corp SSO',
        roleMap: { 'paste-mods': 'manager' },
        teamMap: { 'ops-staff': 'ops' },
      }),
    ]),
    LDAP_PROVIDERS: JSON.stringify([directory.envEntry('directory', { name: 'Corp Directory' })]),
  });
  await completeSetup(server.url);
});

test.afterAll(async () => {
  await server?.stop();
  await op?.close();
  await directory?.close();
});

/** A phone-width screenshot of the page as it is, in the dark theme and then the light one. */
async function snapBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    await snap(page, `${name}-${theme}`);
    expect(await axeViolations(page), `${name} (${theme})`).toEqual([]);
  }
}

test.use({ viewport: { width: 390, height: 844 } });

test('signs in through the OpenID provider’s own login page', async ({ page }) => {
  await page.goto(`${server.url}/auth?tab=login`);
  await expect(page.getByRole('link', { name: 'Sign in with Corp SSO' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Corp Directory' })).toBeVisible();
  await snapBothThemes(page, 'sso-login');

  await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Test Identity Provider' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(op.issuer);
  await page.getByLabel('Login').fill('olivia');
  await page.getByLabel('Password').fill('olivia-idp-pw');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(`${server.url}/`);
  const me = await page.request.get(`${server.url}/api/user`);
  expect(await me.json()).toMatchObject({ username: 'olivia', role: 'manager' });
});

test('signs in against the LDAP directory', async ({ page }) => {
  await page.goto(`${server.url}/auth?tab=login`);
  await page.getByRole('button', { name: 'Sign in with Corp Directory' }).click();
  const form = page.getByRole('form', { name: 'Sign in with Corp Directory' });
  await form.getByLabel('Corp Directory username').fill('lars');
  await form.getByLabel('Corp Directory password').fill('wrong');
  await form.getByRole('button', { name: 'Sign in with Corp Directory' }).click();
  await expect(toasts(page).getByText('Invalid username or password')).toBeVisible();
  await snap(page, 'sso-ldap-form-dark');

  await form.getByLabel('Corp Directory password').fill('lars-directory-pw');
  await form.getByRole('button', { name: 'Sign in with Corp Directory' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  expect(await (await page.request.get(`${server.url}/api/user`)).json()).toMatchObject({ username: 'lars' });
});

test('a provider that is down says so, and local sign-in still works', async ({ page }) => {
  await op.stop();
  try {
    await page.goto(`${server.url}/auth?tab=login`);
    await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Corp SSO cannot be reached right now' }),
    ).toBeVisible();
    await snapBothThemes(page, 'sso-provider-down');
    await page.getByLabel('Username', { exact: true }).fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/`);
  } finally {
    await op.start();
  }
});

test('a provider group fills a team: the team page says where the membership came from', async ({ page }) => {
  const admin = await page.request.post(`${server.url}/api/login`, {
    data: { username: ADMIN.username, password: ADMIN.password, captchaToken: CAPTCHA_BYPASS_TOKEN },
  });
  expect(admin.ok()).toBe(true);
  const team = await page.request.post(`${server.url}/api/teams`, {
    data: { name: 'Ops', slug: 'ops' },
    headers: { origin: server.url },
  });
  expect(team.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto(`${server.url}/auth?tab=login`);
  await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
  await page.getByLabel('Login').fill('tess');
  await page.getByLabel('Password').fill('tess-idp-pw');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.url}/`);

  await page.goto(`${server.url}/teams/ops`);
  const tess = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: 'tess' });
  await expect(tess.getByText('From Corp SSO')).toBeVisible();
  await snapBothThemes(page, 'sso-team-from-group');
});

test('the account page links the provider, and the admin configures providers', async ({ page }) => {
  const login = await page.request.post(`${server.url}/api/login`, {
    data: { username: ADMIN.username, password: ADMIN.password, captchaToken: CAPTCHA_BYPASS_TOKEN },
  });
  expect(login.ok()).toBe(true);
  await page.goto(`${server.url}/account`);
  await page.getByRole('button', { name: 'Link Corp SSO' }).click();
  await page.getByLabel('Login').fill('linker');
  await page.getByLabel('Password').fill('linker-pw');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Corp SSO is now linked to your account')).toBeVisible();
  await expect(page.getByText('as admin-at-corp')).toBeVisible();
  await snapBothThemes(page, 'sso-account');

  await page.goto(`${server.url}/admin/settings`);
  await expect(page.getByRole('heading', { name: 'Sign-in providers' })).toBeVisible();
  await expect(page.getByText('Set in the environment').first()).toBeVisible();
  const block = page.getByRole('heading', { name: 'Sign-in providers' }).locator('..');
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await page.getByRole('button', { name: 'Add OpenID Connect' }).click();
    await block.screenshot({ path: `test-results/screenshots/sso-admin-settings-${theme}.png` });
    expect(await axeViolations(page), `admin settings (${theme})`).toEqual([]);
  }
  // A provider saved here signs in: the admin's change reaches the public list at once.
  const added = page.getByRole('group', { name: 'New provider (OpenID Connect)' });
  await added.getByLabel('Id', { exact: true }).fill('corp-panel');
  await added.getByLabel('Issuer URL', { exact: true }).fill(op.issuer);
  await added.getByLabel('Client ID', { exact: true }).fill('pasteshare-panel');
  await added.getByLabel('Client secret', { exact: true }).fill('panel-secret');
  await added.getByLabel('Group → team', { exact: true }).fill('ops-staff = ops');
  // Last: the name is what the group is called by.
  await added.getByLabel('Name', { exact: true }).fill('Panel SSO');
  await page.getByRole('button', { name: 'Save Sign-in Settings' }).click();
  await expect(toasts(page).getByText('Sign-in settings saved')).toBeVisible();
  const providers = await (await page.request.get(`${server.url}/api/auth/providers`)).json();
  expect(providers).toContainEqual({ id: 'corp-panel', name: 'Panel SSO', kind: 'oidc' });
  const saved = await (await page.request.get(`${server.url}/api/admin/identity`)).json();
  expect(saved.providers.find((p: { id: string }) => p.id === 'corp-panel').teamMap).toEqual({
    'ops-staff': 'ops',
  });
});
