import fs from 'node:fs';
import { ADMIN, expect, loginInContext, snap, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

// A schedule every hour, checked every second: the first backup is written a moment after start.
test.use({ setupCompleted: true, serverEnv: { BACKUP_INTERVAL_HOURS: '1', SWEEP_INTERVAL_MS: '1000' } });

test('the Settings tab lists the scheduled backups and downloads one', async ({ page, server }) => {
  await createPasteApi(server.url, { title: 'Backed up', content: 'in the scheduled backup' });
  await loginInContext(page, ADMIN.username, ADMIN.password);
  // The first backup is written a moment after the server starts, which on a busy machine can be
  // after the tab has read the list: wait for the server to have one, then open the tab.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/admin/backups')).json()) as { backups: unknown[] }).backups
          .length,
      { timeout: 120_000 },
    )
    .toBe(1);
  await page.goto('/admin/settings');
  const list = page.getByRole('region', { name: 'Scheduled backups' });
  // The schedule may have run before the paste existed; either way one backup of this hour is listed.
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link', { name: /^Download/ })).toBeVisible();
  await snap(page, 'admin-scheduled-backups');

  const download = page.waitForEvent('download');
  await list.getByRole('link', { name: /^Download/ }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^pasteshare-backup-.*\.json$/);
  const doc = JSON.parse(fs.readFileSync((await saved.path())!, 'utf8')) as {
    tables: { users: { username: string }[] };
  };
  expect(doc.tables.users.map((u) => u.username)).toContain(ADMIN.username);
});
