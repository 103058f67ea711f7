import { expect, snap, test } from './support/fixtures';

test.use({ setupCompleted: true });

test('offline, Create says so at once and keeps the text; Retry sends it once the network is back', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Paste content').fill('written on a train');
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/pastes') creates.push(r.url());
  });
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Create Paste' }).click();
  const problem = page.getByTestId('network-problem');
  await expect(problem).toContainText('Your browser is offline. Nothing was sent');
  // Said at once: the app knew it was offline and tried nothing (no request to wait out).
  expect(creates).toEqual([]);
  await expect(page.getByLabel('Paste content')).toHaveValue('written on a train');
  await snap(page, 'create-offline');

  // Cancel closes the message and keeps the text.
  await problem.getByRole('button', { name: 'Cancel' }).click();
  await expect(problem).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await page.context().setOffline(false);
  await page.getByTestId('network-problem').getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/paste\//);
  await expect(page.getByText('written on a train')).toBeVisible();
  expect(creates).toHaveLength(1);
});

test('a screen whose code cannot load says so inside the layout, after one retry by itself', async ({
  page,
}) => {
  await page.goto('/');
  let attempts = 0;
  await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => {
    attempts += 1;
    return route.abort();
  });
  await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  // The header stays: the person can go elsewhere or reload.
  await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(attempts).toBe(2);
  await snap(page, 'chunk-load-failed');

  await page.unroute(/\/assets\/about-page-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: /^About/ })).toBeVisible();
});
