import path from 'node:path';
import Database from 'better-sqlite3';
import { generateKey, sealText, sealTitle, toBase64 } from '../src/common/paste-crypto/index';
import { axeViolations } from './support/axe';
import { ADMIN, expect, loginInContext, registerUser, snap, test, toasts } from './support/fixtures';
import { createPasteApi, sessionCookie } from './support/pastes';

test.use({ setupCompleted: true });

/**
 * Makes an account a manager. There is no role-change route yet (the admin's Users tab is still
 * to come), so the test writes the role as that tab will.
 */
function makeManager(dataDir: string, username: string): void {
  const db = new Database(path.join(dataDir, 'pasteshare.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update users set role = ? where username_key = ?').run('manager', username.toLowerCase());
  } finally {
    db.close();
  }
}

test('an admin sees the site totals and empty moderation lists', async ({ page, server }) => {
  for (const privacy of ['public', 'unlisted', 'unlisted']) {
    await createPasteApi(server.url, { content: `a ${privacy} paste`, privacy });
  }
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin');
  const stats = page.getByRole('region', { name: 'Statistics' });
  for (const label of ['Total Users', 'Total Pastes', 'Public', 'Unlisted', 'Protected', 'Total Views']) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }
  // The cards add up: Total = Public + Unlisted + Protected.
  await expect(stats).toContainText('Total Pastes3');
  await expect(stats).toContainText('Public1');
  await expect(stats).toContainText('Unlisted2');
  await expect(stats).toContainText('Protected0');
  // An admin starts on the Users tab (spec §2), at its own address like every other tab.
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/admin\/users$/);
  // The Pastes tab names every privacy and shows sizes; it sorts on the server.
  await page.getByRole('tab', { name: 'Pastes' }).click();
  const pastes = page.getByRole('region', { name: 'Pastes' });
  // On the cards (the privacy filter's options say the same words).
  const cards = pastes.locator('section');
  await expect(cards.getByText('Unlisted', { exact: true })).toHaveCount(2);
  await expect(cards.getByText('Public', { exact: true })).toHaveCount(1);
  await expect(pastes.getByText(/^\d+ B$/).first()).toBeVisible();
  await pastes.getByLabel('Sort pastes').selectOption('size');
  // The unlisted pastes (16 B) now come before the public one (14 B).
  await expect(pastes.getByText(/^\d+ B$/)).toHaveText(['16 B', '16 B', '14 B']);
  await snap(page, 'admin-pastes-tab');
  await page.getByRole('tab', { name: 'Delete Requests' }).click();
  await expect(page.getByText('No delete requests')).toBeVisible();
  // Each tab has its URL: a reload keeps it.
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Reported Pastes' })).toBeVisible();
  await expect(page.getByText('No reports')).toBeVisible();
});

test('the Pastes tab: encrypted and author badges, a privacy filter, and search, sort and filter in the address', async ({
  page,
  server,
}) => {
  const key = await generateKey();
  const sealed = await createPasteApi(server.url, {
    content: toBase64(await sealText(key, 'sealed text')),
    encrypted: true,
    sealedTitle: await sealTitle(key, ''),
    privacy: 'unlisted',
  });
  const cookie = await sessionCookie(server.url, ADMIN.username, ADMIN.password);
  const mine = await createPasteApi(server.url, { title: 'Filter me', content: 'by the admin' }, cookie);
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/pastes');
  const tab = page.getByRole('region', { name: 'Pastes' });
  const card = (id: string) => tab.locator('section', { has: page.getByRole('link', { name: id }) });
  await expect(card(sealed.id).getByText('Encrypted', { exact: true })).toBeVisible();
  await expect(card(mine.id).getByText('Encrypted', { exact: true })).toHaveCount(0);
  // The author as the role-coloured badge the paste page shows.
  await expect(card(mine.id).locator('[data-role="admin"]')).toHaveText(ADMIN.username);
  await expect(card(sealed.id).locator('[data-role="anonymous"]')).toHaveText('Anonymous');

  await tab.getByLabel('Privacy').selectOption({ label: 'Unlisted' });
  await expect(page).toHaveURL(/\/admin\/pastes\?privacy=unlisted$/);
  await expect(card(mine.id)).toHaveCount(0);
  await expect(card(sealed.id)).toBeVisible();
  await tab.getByLabel('Privacy').selectOption({ label: 'All privacies' });
  await tab.getByLabel('Search pastes').fill('filter me');
  await tab.getByLabel('Sort pastes').selectOption('views');
  await expect(page).toHaveURL(/\/admin\/pastes\?q=filter\+me&sort=views$/);
  await expect(tab.getByRole('link', { name: mine.id })).toBeVisible();
  await expect(card(sealed.id)).toHaveCount(0);
  await snap(page, 'admin-pastes-filtered', { fullPage: false });
  // A reload (or a link) shows the same list.
  await page.reload();
  await expect(tab.getByLabel('Search pastes')).toHaveValue('filter me');
  await expect(tab.getByLabel('Sort pastes')).toHaveValue('views');
  await expect(tab.getByRole('link', { name: mine.id })).toBeVisible();
  await expect(card(sealed.id)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'admin-pastes-filtered-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/admin/pastes');
    await expect(card(sealed.id)).toBeVisible();
    expect(await axeViolations(page), `Pastes tab (${theme})`).toEqual([]);
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
});

test('a manager approves a delete request and rejects a report, and the pastes follow', async ({
  page,
  server,
}) => {
  await registerUser(server.url, 'author1', 'password-123');
  await registerUser(server.url, 'mod1', 'password-123');
  makeManager(server.dataDir, 'mod1');
  const cookie = await sessionCookie(server.url, 'author1', 'password-123');
  const mine = await createPasteApi(server.url, { title: 'Old notes', content: 'delete me' }, cookie);
  const requested = await fetch(`${server.url}/api/pastes/${mine.id}/request-delete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: server.url },
    body: JSON.stringify({ reason: 'No longer needed' }),
  });
  expect(requested.status).toBe(201);
  const reported = await createPasteApi(server.url, { title: 'Suspicious', content: 'keep me' });
  await fetch(`${server.url}/api/pastes/${reported.id}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: 'Looks like spam' }),
  });
  // A second reporter of the same paste: one card, two reports.
  await fetch(`${server.url}/api/pastes/${reported.id}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: server.url },
    body: JSON.stringify({ reason: 'Same here' }),
  });

  await loginInContext(page, 'mod1', 'password-123');
  await page.goto('/admin');
  const stats = page.getByRole('region', { name: 'Statistics' });
  await expect(stats.getByText('Pending Delete Requests')).toBeVisible();
  await expect(stats.getByText('Total Users')).toHaveCount(0);
  // A manager has the moderation tabs only (the spec's two, then the held queue, content rules, bans
  // and teams), and starts on Delete Requests.
  await expect(page.getByRole('tab')).toHaveText([
    /^Delete Requests/,
    /^Reports/,
    /^Held/,
    /^Safety/,
    /^Bans/,
    /^Teams/,
  ]);
  // Work waiting shows on the tabs too.
  await expect(page.getByRole('tab', { name: 'Delete Requests 1 pending' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reports 2 pending' })).toBeVisible();
  await expect(stats).toContainText('Pending Reports2');

  const requests = page.getByRole('region', { name: 'Delete Requests' });
  await expect(requests.getByRole('heading', { name: 'Old notes' })).toBeVisible();
  await expect(requests).toContainText('Requested by author1');
  await expect(requests).toContainText('No longer needed');
  await snap(page, 'admin-manager-requests');
  // Approving destroys the paste: it asks first, and Cancel changes nothing.
  await requests.getByRole('button', { name: 'Approve' }).click();
  const confirmApprove = page.getByRole('dialog', { name: 'Approve and delete the paste?' });
  await expect(confirmApprove).toContainText('This action cannot be undone.');
  await snap(page, 'admin-confirm-approve');
  await confirmApprove.getByRole('button', { name: 'Cancel' }).click();
  expect((await fetch(`${server.url}/api/pastes/${mine.id}`)).status).toBe(200);
  await requests.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page).getByText('Request Approved')).toBeVisible();
  await expect(requests.getByText('approved')).toBeVisible();
  await expect(requests.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  expect((await fetch(`${server.url}/api/pastes/${mine.id}`)).status).toBe(404);

  await page.getByRole('tab', { name: 'Reports' }).click();
  const reports = page.getByRole('region', { name: 'Reported Pastes' });
  await expect(reports).toContainText('Reported by Anonymous');
  await expect(reports).toContainText('Reported by author1');
  await expect(reports.getByText('2 reports')).toBeVisible();
  await expect(reports.getByRole('button', { name: 'Reject' })).toHaveCount(1);
  await expect(reports.getByRole('button', { name: 'Approve & Delete' })).toBeVisible();
  await reports.getByRole('button', { name: 'Reject' }).click();
  await expect(toasts(page).getByText('Report Rejected')).toBeVisible();
  await expect(reports.getByText('rejected')).toBeVisible();
  expect((await fetch(`${server.url}/api/pastes/${reported.id}`)).status).toBe(200);
  await expect(stats).toContainText('Pending Reports0');

  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'admin-manager-reports-phone');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an admin manages users and pastes: role, password, email, pastes, delete', async ({ page, server }) => {
  await registerUser(server.url, 'carol', 'password-123');
  const cookie = await sessionCookie(server.url, 'carol', 'password-123');
  const mine = await createPasteApi(server.url, { title: 'Carol notes', content: 'hello' }, cookie);
  // Role management (RBAC) is on by default.
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin');
  const users = page.getByRole('region', { name: 'Users' });
  await users.getByLabel('Search users').fill('caro');
  const card = users.locator('div', { has: page.getByRole('heading', { name: 'carol' }) }).last();
  await expect(users).toContainText('No API Key');
  await expect(users).toContainText('1 paste');
  await snap(page, 'admin-users');
  // A promotion says what the role can do and waits for a confirmation.
  await users.getByRole('button', { name: 'Promote to Admin' }).click();
  const grant = page.getByRole('dialog', { name: 'Make carol an Admin?' });
  await expect(grant).toContainText('Admins can do everything');
  await snap(page, 'admin-confirm-promote');
  await grant.getByRole('button', { name: 'Cancel' }).click();
  await expect(users.getByRole('button', { name: 'Promote to Admin' })).toBeVisible();
  await users.getByRole('button', { name: 'Promote to Manager' }).click();
  await expect(page.getByRole('dialog')).toContainText('Managers can open the admin panel');
  await page.getByRole('dialog').getByRole('button', { name: 'Promote to Manager' }).click();
  await expect(toasts(page).getByText('Role updated')).toBeVisible();
  await expect(users.getByRole('button', { name: 'Demote to User' })).toBeVisible();

  await users.getByRole('button', { name: 'Actions for carol' }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await page.getByLabel('New password').fill('brand-new-9');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toasts(page).getByText('Password changed')).toBeVisible();
  expect((await sessionCookie(server.url, 'carol', 'brand-new-9')).length).toBeGreaterThan(0);

  await users.getByRole('button', { name: 'Actions for carol' }).click();
  await page.getByRole('menuitem', { name: 'View Pastes' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Carol notes' })).toBeVisible();
  // Deleting from here asks too; Cancel keeps the paste.
  await page.getByRole('button', { name: 'Delete Carol notes' }).click();
  await page.getByRole('dialog', { name: 'Delete Paste' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Paste' })).toHaveCount(0);
  expect((await fetch(`${server.url}/api/pastes/${mine.id}`)).status).toBe(200);
  await page.keyboard.press('Escape');

  await users.getByLabel('Search users').fill('nobody-here');
  await expect(users.getByText('No users match your search')).toBeVisible();
  await users.getByRole('button', { name: 'Clear search' }).click();
  await users.getByRole('button', { name: 'Actions for carol' }).click();
  await page.getByRole('menuitem', { name: 'Delete User' }).click();
  await expect(page.getByRole('dialog')).toContainText('will remain but will be marked as anonymous');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete User' }).click();
  await expect(toasts(page).getByText('User deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
  const orphan = (await (await fetch(`${server.url}/api/pastes/${mine.id}`)).json()) as { username: string };
  expect(orphan.username).toBe('Anonymous');

  await page.getByRole('tab', { name: 'Pastes' }).click();
  const pastes = page.getByRole('region', { name: 'Pastes' });
  await pastes.getByLabel('Search pastes').fill(mine.id);
  await expect(pastes.getByRole('link', { name: 'Carol notes' })).toBeVisible();
  await pastes.getByRole('button', { name: `Delete paste ${mine.id}` }).click();
  await expect(page.getByRole('dialog')).toContainText('This action cannot be undone.');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Paste deleted')).toBeVisible();
  expect((await fetch(`${server.url}/api/pastes/${mine.id}`)).status).toBe(404);
  await snap(page, 'admin-pastes');
});

test('an admin generates VIP licences and sets the purchase URL', async ({ page, server }) => {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'VIP Licenses' }).click();
  const tab = page.getByRole('region', { name: 'VIP Licenses' });
  await expect(tab.getByText('No licenses generated yet.')).toBeVisible();
  const save = tab.getByRole('button', { name: 'Save URL' });
  await expect(save).toBeDisabled();
  await tab.getByLabel('Purchase URL (optional)').fill('https://shop.example.com/vip');
  await save.click();
  await expect(toasts(page).getByText('Settings updated')).toBeVisible();
  await expect(save).toBeDisabled();
  const pub = (await (await fetch(`${server.url}/api/settings/public`)).json()) as { vipLicenseUrl: string };
  expect(pub.vipLicenseUrl).toBe('https://shop.example.com/vip');

  await tab.getByRole('button', { name: 'Generate New License' }).click();
  await expect(toasts(page).getByText('License Generated')).toBeVisible();
  const key = (await tab.locator('td.font-mono').first().innerText()).trim();
  expect(key).toMatch(/^VIP-[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await expect(tab.getByText('Unused')).toBeVisible();
  // Each key has a Copy button.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await tab.getByRole('button', { name: `Copy license ${key}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  await registerUser(server.url, 'dave', 'password-123');
  const cookie = await sessionCookie(server.url, 'dave', 'password-123');
  const activated = await fetch(`${server.url}/api/vip/activate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: server.url },
    // Typed as people do: lower case, spaces for dashes.
    body: JSON.stringify({ licenseKey: key.toLowerCase().replace(/-/g, ' ') }),
  });
  expect(activated.status).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: 'VIP Licenses' }).click();
  await expect(tab.getByRole('cell', { name: 'dave' })).toBeVisible();
  await expect(tab.getByText('Used', { exact: true })).toBeVisible();
  await snap(page, 'admin-licenses');
  await tab.getByRole('button', { name: `Delete license ${key}` }).click();
  await page.getByRole('dialog', { name: 'Delete License' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('License Deleted')).toBeVisible();
  await expect(tab.getByText('No licenses generated yet.')).toBeVisible();
});

test('an admin changes the site title, the size limit and role management', async ({ page, server }) => {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Settings' }).click();
  // General saves as every section does, by its Save (or Enter): leaving a field saves nothing.
  const general = page.locator('div', { has: page.getByRole('heading', { name: 'General' }) }).last();
  const save = general.getByRole('button', { name: 'Save General Settings' });
  await expect(save).toBeDisabled();
  const title = page.getByLabel('Site Title');
  await title.fill('Team Paste');
  await title.blur();
  await expect(general.getByText('Unsaved changes')).toBeVisible();
  const publicSettings = async () =>
    (await (await fetch(`${server.url}/api/settings/public`)).json()) as {
      siteTitle: string;
      faviconUrl: string;
    };
  expect((await publicSettings()).siteTitle).not.toBe('Team Paste');
  await expect(toasts(page).getByText('Site title updated')).toHaveCount(0);
  // The favicon URL goes with the same Save: both fields, one request, the spec's toast for both.
  await page.getByLabel('Favicon URL').fill('/favicon-custom.ico');
  await page.getByLabel('Favicon URL').press('Enter');
  await expect(toasts(page).getByText('Settings updated')).toBeVisible();
  await expect(general.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Team Paste');
  expect(await publicSettings()).toMatchObject({
    siteTitle: 'Team Paste',
    faviconUrl: '/favicon-custom.ico',
  });
  await title.fill('Team Paste 2');
  await save.click();
  await expect(toasts(page).getByText('Site title updated')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Team Paste 2');
  await snap(page, 'admin-settings-general', { fullPage: false });

  await page.getByLabel('Unlimited').click();
  await page.getByLabel('Limit (MB)').fill('5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page).getByText('Settings updated')).toBeVisible();
  await expect(page.getByText('Current limit:').locator('..')).toContainText('5 MB');
  const pub = (await (await fetch(`${server.url}/api/settings/public`)).json()) as { maxPasteSize: unknown };
  expect(pub.maxPasteSize).toBe(5);
  // The create screen obeys the new limit.
  await page.goto('/');
  await page.getByLabel('File to upload').setInputFiles({
    name: 'big.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(6 * 1024 * 1024, 'c'),
  });
  await expect(toasts(page).getByText('File is 6.00 MB. Maximum size is 5 MB.')).toBeVisible();
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Settings' }).click();

  await page.getByRole('switch', { name: 'RBAC' }).click();
  await page.getByRole('button', { name: 'Save Security Settings' }).click();
  await expect(toasts(page).getByText('Settings updated')).toBeVisible();
  await snap(page, 'admin-settings');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(
    page.getByRole('region', { name: 'Users' }).getByRole('heading', { name: 'mod1' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Promote to|Demote to/ })).toHaveCount(0);
});

test('an admin uploads a favicon and the tab shows it', async ({ page }) => {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 7),
  ]);
  await page
    .getByLabel('Upload favicon')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png });
  await expect(toasts(page).getByText('Favicon updated')).toBeVisible();
  await expect(page.getByLabel('Favicon URL')).toHaveValue(/^\/favicon\/[A-Za-z0-9_-]+\.png$/);
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.getAttribute('href')),
    )
    .toMatch(/^\/favicon\/.+\.png$/);
});

test('an admin exports the database and imports it back; everyone signs in again', async ({
  page,
  server,
}) => {
  const { id } = await createPasteApi(server.url, { title: 'Kept through backup', content: 'backup me' });
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Database' }).click();
  const file = await (await download).path();
  expect(file).toBeTruthy();
  // A paste made after the export is gone after the import.
  const later = await createPasteApi(server.url, { content: 'made later' });
  await page.getByLabel('Import Database').setInputFiles(file!);
  await expect(page.getByRole('dialog')).toContainText('All data will be replaced');
  // The toast is up for the 2 s before the reload: a loaded machine can miss it by polling, so
  // every text the notifications region shows is recorded as it appears.
  const notified: string[] = [];
  await page.exposeFunction('notified', (text: string) => notified.push(text));
  await page.evaluate(() => {
    const report = () => {
      const region = document.querySelector('[role="region"][aria-label^="Notifications"]');
      if (region?.textContent)
        (window as unknown as { notified(t: string): void }).notified(region.textContent);
    };
    new MutationObserver(report).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.getByRole('button', { name: 'Replace All Data' }).click();
  await expect.poll(() => notified.some((text) => text.includes('Import complete'))).toBe(true);
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible({
    timeout: 120_000,
  });
  expect((await fetch(`${server.url}/api/pastes/${id}`)).status).toBe(200);
  expect((await fetch(`${server.url}/api/pastes/${later.id}`)).status).toBe(404);
  // Signing in again leads back to the panel, which says what was imported.
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const summary = page.getByRole('note').filter({ hasText: 'Database imported' });
  // The users and pastes this file's earlier tests left (a paste made after the export is not among them).
  await expect(summary).toContainText(
    /\d+ settings, \d+ users, \d+ pastes, \d+ revisions, \d+ reports, \d+ delete requests, \d+ VIP licenses\.$/,
  );
  await snap(page, 'admin-after-import');
  await page.reload();
  await expect(page.getByText('Database imported')).toHaveCount(0);
});

test('the Audit tab lists staff actions with filters, and links a target that still exists', async ({
  page,
  server,
}) => {
  const cookie = await sessionCookie(server.url, ADMIN.username, ADMIN.password);
  const kept = await createPasteApi(server.url, { title: 'Kept', content: 'still here' });
  const gone = await createPasteApi(server.url, { title: 'Gone', content: 'deleted by staff' });
  const removed = await fetch(`${server.url}/api/pastes/${gone.id}`, {
    method: 'DELETE',
    headers: { Cookie: cookie, Origin: server.url },
  });
  expect(removed.status).toBe(200);
  const changed = await fetch(`${server.url}/api/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: server.url },
    body: JSON.stringify({ siteTitle: 'Audited Paste' }),
  });
  expect(changed.status).toBe(200);
  // A report on the kept paste, rejected by the admin: its target is a report, the paste named beside it.
  const report = await fetch(`${server.url}/api/pastes/${kept.id}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: 'spam' }),
  });
  const { id: reportId } = (await report.json()) as { id: number };
  await fetch(`${server.url}/api/admin/paste-reports/${reportId}/reject`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: server.url },
  });

  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/audit');
  const log = page.getByRole('region', { name: 'Audit log' });
  const entries = log.getByRole('listitem');
  // Other tests of this file share the server: each entry is found by what only it holds.
  const deletion = entries.filter({ hasText: gone.id });
  await expect(deletion).toContainText('Deleted a paste');
  // The deleted paste is named, not linked.
  await expect(deletion.getByRole('link')).toHaveCount(0);
  await expect(entries.filter({ hasText: 'fields: siteTitle' }).first()).toContainText('Changed settings');
  await expect(entries.filter({ hasText: `pasteId: ${kept.id}` })).toContainText('Rejected a report');
  await expect(entries.filter({ hasText: 'Signed in' }).first()).toBeVisible();
  await snap(page, 'admin-audit');
  // A report is linked like a user: to its card, on the Reports tab.
  const rejected = entries.filter({ hasText: `pasteId: ${kept.id}` });
  await rejected.getByRole('link', { name: `report ${reportId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/reports#item-${reportId}$`));
  const card = page.getByRole('region', { name: 'Reported Pastes' }).locator('[aria-current="true"]');
  await expect(card).toContainText(kept.id);
  await expect(card).toBeInViewport();
  await page.goBack();

  await page.getByLabel('Action').selectOption({ label: 'Changed settings' });
  await expect(entries.first()).toContainText('Changed settings');
  const shown = await entries.count();
  for (let i = 0; i < shown; i++) await expect(entries.nth(i)).toContainText('Changed settings');
  await page.getByLabel('Action').selectOption({ label: 'All actions' });
  await page.getByLabel('Actor').fill('nobody-here');
  await expect(log.getByText('No staff actions match')).toBeVisible();
});
