import type { Page } from '@playwright/test';
import { ADMIN, expect, loginInContext, snap, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

test.use({ setupCompleted: true });

/**
 * Rewrites this page's GET /api/pastes/{id} answers (with any query, e.g. `?reveal=false`): states
 * the server makes only in later issues.
 */
async function rewritePaste(page: Page, id: string, patch: (body: Record<string, unknown>) => void) {
  await page.route(
    (url) => url.pathname === `/api/pastes/${id}`,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      patch(body);
      await route.fulfill({ response, json: body });
    },
  );
}

test('an admin reads a protected paste with the Admin/Manager Access notice', async ({ page, server }) => {
  const { id } = await createPasteApi(server.url, {
    content: 'staff can read this',
    privacy: 'password',
    password: 'pw-123456',
  });
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto(`/paste/${id}`);
  await expect(page.getByText('Admin/Manager Access')).toBeVisible();
  await expect(page.getByTestId('paste-content')).toContainText('staff can read this');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await snap(page, 'paste-staff-access');
});

test('a VIP author’s banner falls back to the default image and links with https', async ({
  page,
  server,
}) => {
  const { id } = await createPasteApi(server.url, { title: 'VIP paste', content: 'hello' });
  await rewritePaste(page, id, (body) => {
    body.username = 'goldie';
    body.userRole = 'vip';
    body.vipBanner = { bannerUrl: 'https://banner.invalid/missing.png', bannerLink: 'example.com/shop' };
  });
  await page.goto(`/paste/${id}`);
  const banner = page.getByTestId('vip-banner');
  await expect(banner.getByRole('img')).toHaveAttribute('src', '/vip-banner-default.svg');
  const link = banner.getByRole('link');
  await expect(link).toHaveAttribute('href', 'https://example.com/shop');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(page.locator('[data-role="vip"]')).toHaveText('goldie');
  await snap(page, 'paste-vip-banner');
});

test('a paste still being assembled shows the processing screen until it is ready', async ({
  page,
  server,
}) => {
  const { id } = await createPasteApi(server.url, { content: 'assembled at last' });
  let processing = true;
  await rewritePaste(page, id, (body) => {
    if (processing) body.content = '__PROCESSING__';
  });
  await page.goto(`/paste/${id}`);
  await expect(page.getByRole('heading', { name: 'Processing Paste' })).toBeVisible();
  await snap(page, 'paste-processing');
  processing = false;
  // Polled every 2 seconds.
  await expect(page.getByTestId('paste-content')).toContainText('assembled at last', { timeout: 120_000 });
});

test('an extremely large paste offers only a download', async ({ page, server }) => {
  const { id } = await createPasteApi(server.url, { content: 'pretend this is 12 MB' });
  await rewritePaste(page, id, (body) => {
    delete body.content;
    body.isExtreme = true;
    body.contentSizeMB = 12.5;
    body.downloadUrl = `/api/pastes/${id}/download`;
  });
  await page.goto(`/paste/${id}`);
  await expect(page.getByRole('heading', { name: 'Extremely Large Paste' })).toBeVisible();
  await expect(page.getByText('This paste is 12.50 MB')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download Paste' })).toHaveAttribute(
    'href',
    `/api/pastes/${id}/download`,
  );
  await snap(page, 'paste-extreme');
});
