import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { ADMIN, expect, loginInContext, registerUser, snap, test, toasts } from './support/fixtures';

/**
 * In Chromium: personal access tokens on the Account page (made with a name, scopes and
 * an expiry, shown once, used, revoked), and a members-only site as a visitor meets it.
 */
// A hang guard for a loaded machine (axe runs several times), not a speed limit.
test.describe.configure({ mode: 'serial', timeout: 600_000 });
test.use({ setupCompleted: true });

const RITA = { username: 'rita', password: 'rita-pass-01' };

async function snapBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await snap(page, `${name}-${theme}`);
    expect(await axeViolations(page), `${name} (${theme})`).toEqual([]);
  }
}

/** Turns one Settings → Security switch on, as the admin does, and saves. */
async function switchOn(page: Page, label: string): Promise<void> {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const toggle = page.getByRole('switch', { name: label, exact: true });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await page.getByRole('button', { name: 'Save Security Settings' }).click();
  await expect(toasts(page).getByText('Settings updated')).toBeVisible();
  // Signed out again: the page's next sign-in is someone else's.
  await page.context().clearCookies();
}

test('makes a token with scopes and an expiry, shows it once, and revokes it', async ({ page, server }) => {
  await switchOn(page, 'Personal access tokens');
  await registerUser(server.url, RITA.username, RITA.password);
  await loginInContext(page, RITA.username, RITA.password);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Access Tokens' });
  await expect(card.getByText('No access tokens yet.')).toBeVisible();
  // A user is not offered the admin scope.
  await expect(card.getByRole('checkbox', { name: /^admin/ })).toHaveCount(0);
  await card.getByLabel('Token name').fill('CI deploys');
  await card.getByRole('checkbox', { name: /^pastes:write/ }).check();
  await card.getByRole('checkbox', { name: /^pastes:read/ }).uncheck();
  await card.getByLabel('Expires after').selectOption({ label: '7 days' });
  await card.getByRole('button', { name: 'Create Token' }).click();

  const shown = card.getByRole('textbox', { name: 'Your new access token (shown only now)' });
  const token = await shown.inputValue();
  expect(token).toMatch(/^pst_[A-Za-z0-9_-]{32}$/);
  await card.scrollIntoViewIfNeeded();
  await snapBothThemes(page, 'access-token-created');

  // It works for what its scope allows, and only that.
  const made = await fetch(`${server.url}/api/v1/pastes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'from CI' }),
  });
  expect(made.status).toBe(201);
  const listed = await fetch(`${server.url}/api/v1/pastes`, { headers: { 'x-api-key': token } });
  expect(listed.status).toBe(403);

  await card.getByRole('button', { name: 'I have copied my token' }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  const row = card.getByTestId('access-token');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('CI deploys');
  await expect(row).toContainText(`pst_…${token.slice(-4)}`);
  await expect(row).toContainText('pastes:write');
  await expect(row).toContainText(/Last used .*ago|Last used now/);
  await expect(page.getByText(token)).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await snapBothThemes(page, 'access-tokens-list');

  await row.getByRole('button', { name: 'Revoke CI deploys' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke “CI deploys”?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(toasts(page).getByText('Token revoked')).toBeVisible();
  await expect(card.getByTestId('access-token')).toHaveCount(0);
  const after = await fetch(`${server.url}/api/user`, { headers: { 'x-api-key': token } });
  expect(after.status).toBe(401);
});

test('a members-only site shows a visitor nothing but the way in, then the paste', async ({
  page,
  browser,
  server,
}) => {
  await loginInContext(page, RITA.username, RITA.password);
  const created = await page.request.post('/api/pastes', {
    data: { title: 'Runbook for Friday', content: 'restart the queue', privacy: 'public', expiration: '1d' },
    headers: { origin: server.url },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.context().clearCookies();
  await switchOn(page, 'Sign-in required to read');

  const context = await browser.newContext({ baseURL: server.url });
  const visitor = await context.newPage();
  await visitor.goto(`/paste/${id}`);
  await expect(visitor).toHaveURL(
    new RegExp(`/auth\\?tab=login&next=${encodeURIComponent(`/paste/${id}`)}$`),
  );
  await expect(visitor.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await visitor.content()).not.toContain('Runbook for Friday');
  await snapBothThemes(visitor, 'members-only-visitor');
  const raw = await visitor.request.get(`/raw/${id}`);
  expect(raw.status()).toBe(401);
  expect(await raw.text()).toContain('members only');

  await visitor.getByLabel('Username').fill(RITA.username);
  await visitor.getByLabel('Password', { exact: true }).fill(RITA.password);
  await visitor.getByRole('button', { name: 'Login' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/paste/${id}$`));
  await expect(visitor.getByText('restart the queue')).toBeVisible();

  // Signing out inside the app leads back to the way in.
  await visitor.goto('/top-views');
  await expect(visitor.getByRole('heading', { name: 'Top Views' })).toBeVisible();
  await visitor.getByRole('button', { name: `${RITA.username}, account menu` }).click();
  await visitor.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(visitor).toHaveURL(/\/auth\?tab=login/);
  await expect(visitor.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(visitor.getByText('restart the queue')).toHaveCount(0);
  await context.close();
});
