import { expect, registerUser, snap, test } from './support/fixtures';
import { createPasteApi, sessionCookie } from './support/pastes';

test.use({ setupCompleted: true });

test('the leaderboard starts empty, then shows a viewed public paste and its author', async ({
  page,
  server,
}) => {
  await page.goto('/top-views');
  await expect(page.getByRole('heading', { level: 1, name: 'Top Views' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top 10 Users' })).toBeVisible();
  await expect(page.getByText('No user data available yet')).toBeVisible();
  await expect(page.getByText('No public pastes with views for this period yet')).toBeVisible();
  for (const tab of ['All-Time', 'Weekly', 'Monthly']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await snap(page, 'top-views-empty');

  await registerUser(server.url, 'alice', 'alice-password-1');
  const cookie = await sessionCookie(server.url, 'alice', 'alice-password-1');
  const popular = await createPasteApi(server.url, { title: 'Most popular', content: 'read me' }, cookie);
  const unlisted = await createPasteApi(server.url, {
    title: 'Hidden one',
    content: 'x',
    privacy: 'unlisted',
  });
  for (const id of [popular.id, unlisted.id]) {
    await page.goto(`/paste/${id}`);
    await expect(page.getByTestId('paste-content')).toBeVisible();
  }

  // View counts are written in batches about every second: reload until the board has it.
  await expect(async () => {
    await page.goto('/top-views');
    await expect(page.getByRole('link', { name: 'Most popular' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  const row = page.getByRole('list', { name: 'Top pastes' }).getByRole('listitem').first();
  await expect(row).toContainText('#1');
  await expect(row).toContainText('alice');
  await expect(row).toContainText('1 view');
  await expect(page.getByText('Hidden one')).toHaveCount(0);
  const users = page.getByRole('list', { name: 'Top users' });
  await expect(users.getByRole('listitem').first()).toContainText('alice');
  await expect(users.getByRole('listitem').first()).toContainText('1 view');

  await page.getByRole('tab', { name: 'Weekly' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Most popular' })).toBeVisible();
  await snap(page, 'top-views-with-paste');

  await page.getByRole('link', { name: 'Most popular' }).click();
  await expect(page).toHaveURL(new RegExp(`/paste/${popular.id}$`));
  await expect(page.getByText('alice', { exact: true })).toBeVisible();
});
