import { axeViolations } from './support/axe';
import { ADMIN, expect, loginInContext, snap, test } from './support/fixtures';
import { createPasteApi, sessionCookie } from './support/pastes';

test.use({ setupCompleted: true });

test('an admin adds and tests a rule in the Safety tab, then approves a held paste in the Held queue', async ({
  page,
  server,
}) => {
  await createPasteApi(server.url, { title: 'Old offer', content: 'see https://shop.spam.example/deal' });
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/safety');
  // The panel's code loads lazily: on a loaded machine that alone can take longer than one expect waits.
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible({ timeout: 120_000 });
  const safety = page.getByRole('tabpanel', { name: 'Safety' });
  await expect(safety.getByText('End-to-end encrypted pastes are never checked')).toBeVisible();
  await safety.getByLabel('Kind', { exact: true }).selectOption('domain');
  await safety.getByLabel('Value').fill('spam.example');
  await safety.getByRole('button', { name: 'Test' }).click();
  await expect(safety.getByRole('status')).toContainText('Would have caught 1 of the last 1');
  await expect(safety.getByRole('link', { name: 'Old offer' })).toBeVisible();
  await safety.getByLabel('Action', { exact: true }).selectOption('hold');
  await safety.getByRole('button', { name: 'Add rule' }).click();
  await expect(safety.getByRole('listitem').filter({ hasText: 'spam.example' })).toContainText(
    'Hold for review',
  );

  // A visitor's new paste with such a link is held: the visitor is told nothing of it yet.
  const held = await createPasteApi(server.url, {
    title: 'New offer',
    content: 'buy at http://x.spam.example',
  });
  const visitor = await fetch(`${server.url}/api/pastes/${held.id}`);
  expect(visitor.status).toBe(403);
  expect((await visitor.json()).message).toBe('This paste is waiting for review');

  await page.goto('/admin/held');
  await expect(page.getByRole('tab', { name: /Held/ })).toContainText('1');
  const queue = page.getByRole('tabpanel', { name: /Held/ });
  await expect(queue.getByRole('link', { name: 'New offer' })).toBeVisible();
  await expect(queue.getByText('domain: spam.example')).toBeVisible();
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/admin/held');
    await expect(queue.getByRole('link', { name: 'New offer' })).toBeVisible();
    await snap(page, `admin-held-${theme}`);
    expect(await axeViolations(page), `Held tab (${theme})`).toEqual([]);
    await page.goto('/admin/safety');
    await expect(safety.getByRole('listitem').filter({ hasText: 'spam.example' })).toBeVisible();
    await snap(page, `admin-safety-${theme}`);
    expect(await axeViolations(page), `Safety tab (${theme})`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/held');
  await expect(queue.getByRole('link', { name: 'New offer' })).toBeVisible();
  await snap(page, 'admin-held-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Staff read it with a notice; it is no one else's to embed yet.
  await page.goto(`/paste/${held.id}`);
  await expect(page.getByText('buy at http://x.spam.example')).toBeVisible();
  await expect(page.getByText('Held for review')).toBeVisible();
  await page.getByRole('button', { name: 'QR code' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share.getByRole('img', { name: 'QR code of the link' })).toBeVisible();
  await expect(share.getByLabel('Embed with a script')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/admin/held');
  await queue.getByRole('button', { name: 'Approve' }).click();
  await expect(queue.getByText('No pastes waiting for review')).toBeVisible();
  expect((await fetch(`${server.url}/api/pastes/${held.id}`)).status).toBe(200);
  await page.goto(`/paste/${held.id}`);
  await expect(page.getByText('buy at http://x.spam.example')).toBeVisible();
  await expect(page.getByText('Held for review')).toHaveCount(0);

  // The numbers: today, for a content rule, one paste held and then approved.
  const today = new Date().toISOString().slice(0, 10);
  const numbers = safety.getByRole('table', { name: /Per day and reason/ });
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/admin/safety');
    const row = numbers.getByRole('row').filter({ hasText: 'Matched a content rule' });
    await expect(row.getByRole('cell')).toHaveText([
      today,
      'Matched a content rule',
      '–',
      '1',
      '1',
      '–',
      '–',
      '–',
    ]);
    await numbers.scrollIntoViewIfNeeded();
    await snap(page, `admin-safety-numbers-${theme}`, { fullPage: false });
    expect(await axeViolations(page), `Safety numbers (${theme})`).toEqual([]);
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
});

test('an admin sees that no malware scanner is configured, and sets what a failed scan does', async ({
  page,
}) => {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/safety');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible({ timeout: 120_000 });
  const safety = page.getByRole('tabpanel', { name: 'Safety' });
  await expect(safety.getByRole('heading', { name: 'Malware scanning' })).toBeVisible();
  await expect(safety.getByText('No malware scanner is configured on this server')).toBeVisible();
  const failOpen = safety.getByRole('switch', { name: 'Let unchecked pastes through (fail open)' });
  await expect(failOpen).not.toBeChecked();
  await failOpen.click();
  await safety.getByRole('button', { name: 'Save scanning' }).click();
  await expect(page.getByText('Settings updated', { exact: true })).toBeVisible();
  await page.reload();
  await expect(failOpen).toBeChecked({ timeout: 120_000 });
  await failOpen.scrollIntoViewIfNeeded();
  await snap(page, 'admin-safety-malware', { fullPage: false });
});

test('a reporter sees how their report was decided on their next visit, and dismisses it', async ({
  page,
  server,
}) => {
  const paste = await createPasteApi(server.url, {
    title: 'Free gift card',
    content: 'send your card number',
  });
  // The admin reports it, then decides it: the notice is theirs as the reporter.
  const cookie = await sessionCookie(server.url, ADMIN.username, ADMIN.password);
  const headers = { 'Content-Type': 'application/json', Cookie: cookie, Origin: server.url };
  const reported = await fetch(`${server.url}/api/pastes/${paste.id}/report`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ reason: 'phishing' }),
  });
  expect(reported.status).toBe(201);
  const { id } = await reported.json();
  const decided = await fetch(`${server.url}/api/admin/paste-reports/${id}/approve`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: server.url },
  });
  expect(decided.status).toBe(200);

  await loginInContext(page, ADMIN.username, ADMIN.password);
  const notices = page.getByRole('region', { name: 'Notices' });
  await page.goto('/');
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/');
    await expect(notices.getByText('Your report was decided')).toBeVisible({ timeout: 60_000 });
    await expect(notices).toContainText('The paste you reported (“Free gift card”) was removed.');
    await snap(page, `report-notice-${theme}`, { fullPage: false });
    expect(await axeViolations(page), `Report notice (${theme})`).toEqual([]);
  }
  await notices.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notices).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByText('Your report was decided')).toHaveCount(0);
  await page.evaluate(() => localStorage.removeItem('theme'));
});
