import { axeViolations } from './support/axe';
import { ADMIN, expect, loginInContext, registerUser, snap, test, toasts } from './support/fixtures';
import { createPasteApi, newVisitor, sessionCookie } from './support/pastes';

test.use({ setupCompleted: true });

test('a manager suspends an account and bans a range in the Bans tab; the person is told why; the ban is lifted', async ({
  page,
  browser,
  server,
  baseURL,
}) => {
  await registerUser(server.url, 'spammer1', 'password-123');
  const cookie = await sessionCookie(server.url, 'spammer1', 'password-123');
  const spam = await createPasteApi(server.url, { title: 'Cheap offer', content: 'buy now' }, cookie);
  const reported = await createPasteApi(server.url, { title: 'Anonymous offer', content: 'click here' });
  const report = await fetch(`${server.url}/api/pastes/${reported.id}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: 'spam' }),
  });
  expect(report.status).toBe(201);

  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/bans');
  // The panel's code loads lazily: on a loaded machine that alone can take longer than one expect waits.
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible({ timeout: 120_000 });
  const bans = page.getByRole('tabpanel', { name: 'Bans' });
  await expect(bans.getByText('No bans: everyone may sign in and post.')).toBeVisible();

  // Suspend the account for good, its pastes hidden.
  await bans.getByLabel('Username').fill('spammer1');
  await bans.getByLabel('For', { exact: true }).selectOption({ label: 'For good' });
  await bans.getByLabel('Reason').fill('Selling fake goods');
  await bans.getByRole('button', { name: 'Suspend' }).click();
  await expect(toasts(page).getByText('Account suspended')).toBeVisible();
  const row = bans.getByRole('listitem').filter({ hasText: 'spammer1' });
  await expect(row).toContainText('Selling fake goods');
  await expect(row).toContainText('For good');
  await expect(row).toContainText('pastes hidden');
  expect((await fetch(`${server.url}/api/pastes/${spam.id}`)).status).toBe(403);

  // A range for a day; the admin's own address is refused with the reason.
  await bans.getByLabel('Ban', { exact: true }).selectOption('address');
  await bans.getByLabel('Address or range').fill('127.0.0.0/24');
  await bans.getByLabel('Reason').fill('Our own address');
  await bans.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(toasts(page).getByText(/includes the address you are using now/)).toBeVisible();
  await bans.getByLabel('Address or range').fill('203.0.113.9/24');
  await bans.getByLabel('For', { exact: true }).selectOption({ label: '1 day' });
  await bans.getByLabel('Reason').fill('Spam wave from this network');
  await bans.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(bans.getByRole('listitem').filter({ hasText: '203.0.113.0/24' })).toContainText('Until');

  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/admin/bans');
    await expect(bans.getByRole('listitem')).toHaveCount(2);
    await snap(page, `admin-bans-${theme}`);
    expect(await axeViolations(page), `Bans tab (${theme})`).toEqual([]);
  }
  await page.evaluate(() => localStorage.removeItem('theme'));

  // The suspended person signs in and reads the reason.
  const person = await newVisitor(browser, baseURL!);
  await person.goto('/auth?tab=login');
  await person.getByLabel('Username').fill('spammer1');
  await person.getByLabel('Password', { exact: true }).fill('password-123');
  await person.getByRole('button', { name: 'Login', exact: true }).click();
  const notice = person.getByTestId('blocked-notice');
  await expect(notice).toContainText('This account is suspended. Reason: Selling fake goods', {
    timeout: 60_000,
  });
  await snap(person, 'login-suspended');

  // Lifted: the person signs in, the pastes are back.
  await page.goto('/admin/bans');
  await bans.getByRole('button', { name: 'Lift the ban on spammer1' }).click();
  await expect(toasts(page).getByText('Ban lifted')).toBeVisible();
  await expect(bans.getByRole('listitem')).toHaveCount(1);
  await person.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(person).not.toHaveURL(/\/auth/, { timeout: 60_000 });
  expect((await fetch(`${server.url}/api/pastes/${spam.id}`)).status).toBe(200);

  // The report card offers to delete everything by the reported paste's author, with the counts.
  await page.goto('/admin/reports');
  const card = page.getByTestId(`moderation-${reported.id}`);
  await card.getByRole('button', { name: 'Delete everything by this author…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'What would be deleted' })).toContainText(
    'Address 127.0.0.1',
  );
  await expect(dialog.getByText('Sent without an account')).toBeVisible();
  await snap(page, 'report-delete-everything');
  await dialog.getByRole('button', { name: /from this address/ }).click();
  await expect(toasts(page).getByText(/Deleted \d+ paste/)).toBeVisible();
  expect((await fetch(`${server.url}/api/pastes/${reported.id}`)).status).toBe(404);
  // Everything sent from that address went, the formerly suspended account's paste with it.
  expect((await fetch(`${server.url}/api/pastes/${spam.id}`)).status).toBe(404);
});
