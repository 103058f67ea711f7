import { expect, loginInContext, registerUser, SITE_TITLE, snap, test, toasts } from './support/fixtures';
import { fieldTextGeometry } from './support/text-geometry';

test.use({ setupCompleted: true });

test('the page title and header follow the site settings', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(`${SITE_TITLE} - Secure Text & Code Sharing`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: `${SITE_TITLE} home` })).toBeVisible();
  for (const name of ['About', 'API', 'Top Views', 'VIP', 'Login', 'Register']) {
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth?tab=login');
  await expect(header.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth?tab=register');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'API Documentation' })).toHaveAttribute('href', '/api');
  await expect(page.getByRole('heading', { name: 'Create Paste' })).toBeVisible();
  await snap(page, 'home');
});

test('About', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: `About ${SITE_TITLE}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  for (const feature of [
    'Privacy First',
    'Flexible Expiration',
    'Password Protection',
    'Burn After Reading',
    'Developer Friendly',
    'Lightning Fast',
  ]) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Technology' })).toBeVisible();
  await expect(page.getByText('Fastify', { exact: true })).toBeVisible();
  await snap(page, 'about');
});

test('API documentation (a direct load of /api) shows the public endpoints to a visitor', async ({
  page,
  server,
}) => {
  await page.goto('/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
  await expect(page.getByText(`${server.url}/api`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Public Endpoints' })).toBeVisible();
  for (const path of [
    '/api/pastes',
    '/api/pastes/{id}',
    '/api/pastes/{id}/verify',
    '/raw/{id}',
    '/api/top-views',
  ]) {
    await expect(page.getByRole('article').getByText(path, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'API Key Endpoints' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute(
    'href',
    '/api/openapi.json',
  );
  await snap(page, 'api-docs-visitor');
});

test('Terms of Service and Privacy Policy', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText('Last updated: October 2025')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d\. / })).toHaveCount(9);
  await snap(page, 'terms');

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last updated: October 2025')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Cookies/ })).toBeVisible();
  await snap(page, 'privacy');
});

test('Email preview', async ({ page }) => {
  await page.goto('/email-preview');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Preview' })).toBeVisible();
  // The server renders the configured template; it is shown in a sandboxed frame, not in our DOM.
  await expect(page.getByTestId('email-subject')).toHaveText(`Verify your email for ${SITE_TITLE}`);
  await expect(page.frameLocator('iframe').getByText('Verify Email', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'After verification' })).toBeVisible();
  await snap(page, 'email-preview');
});

test('VIP page for a visitor', async ({ page }) => {
  await page.goto('/vip');
  await expect(page.getByRole('heading', { name: 'Unlimited Expiration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Custom Banners' })).toBeVisible();
  await expect(page.getByText(/images up to 5 MB/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Activate VIP Now' })).toHaveAttribute(
    'href',
    '/account-settings#vip',
  );
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    '/auth?tab=register',
  );
  // No purchase URL is configured on a fresh site.
  await expect(page.getByRole('link', { name: 'Buy VIP License' })).toHaveCount(0);
  await snap(page, 'vip');
});

test('VIP page for a signed-in user: no invitation to create an account', async ({ page, server }) => {
  await registerUser(server.url, 'vipcurious', 'password-123');
  await loginInContext(page, 'vipcurious', 'password-123');
  await page.goto('/vip');
  await expect(page.getByRole('link', { name: 'Activate VIP Now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveCount(0);
  await expect(page.getByText('Create an account')).toHaveCount(0);
  await expect(page.getByText('Get a license key')).toBeVisible();
  await page.goto('/account-settings#vip');
  await expect(page.getByLabel('License Key')).toHaveAttribute('placeholder', 'VIP-XXXX-XXXX-XXXX-XXXX');
});

test('Verify-email result pages', async ({ page }) => {
  await page.goto('/verify-email-success?error=This%20link%20has%20expired');
  await expect(page.getByText('Verification Failed')).toBeVisible();
  await expect(page.getByText('This link has expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Register' })).toHaveAttribute(
    'href',
    '/auth?tab=register',
  );
  await snap(page, 'verify-email-failed');

  await page.goto('/verify-email-success');
  await expect(page.getByText('Invalid verification link')).toBeVisible();
});

test('visitor states of the admin and account pages', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
    'href',
    '/auth?tab=login&next=%2Fadmin',
  );
  await snap(page, 'admin-visitor');

  for (const path of ['/account', '/account-settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  }
  await snap(page, 'account-visitor');
});

test('password recovery screens exist (their flows: accounts-password.spec.ts)', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  // This site has no mail provider: the page says so instead of offering a link that cannot come.
  await expect(page.getByText('Reset by email is not available on this site')).toBeVisible();
  await page.goto('/reset-password?token=x');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  // The server says so too (src/common/client-routes.ts); the app still draws its screen.
  const response = await page.goto('/this/does/not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await snap(page, 'not-found');
});

test('a signed-in user without staff rights', async ({ page, server }) => {
  await registerUser(server.url, 'bob', 'bob-password-1');
  await loginInContext(page, 'bob', 'bob-password-1');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Your current role:')).toContainText('user');
  await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  await snap(page, 'admin-access-denied');

  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Signed in as')).toBeVisible();

  // With a session and API keys enabled, the API page documents the member endpoints too.
  await page.getByRole('banner').getByRole('link', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL(/\/api$/);
  for (const section of ['API Key Endpoints', 'Chunked Upload', 'Session Endpoints', 'VIP Endpoints']) {
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  }
  await expect(page.getByText(/X-API-Key: pb_/).first()).toBeVisible();
  await snap(page, 'api-docs-member');
});
test('/verify-email-success?apiKey= shows the key as the spec has it, then drops it from the address', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const key = `pb_${'Ab3_x-Z9'.repeat(4)}`;
  await page.goto(`/verify-email-success?apiKey=${key}`);
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  const field = page.getByLabel('Your API key');
  await expect(field).toHaveValue(key);
  await expect(page).toHaveURL(/\/verify-email-success\?status=verified$/);
  await page.getByRole('button', { name: 'Copy API key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // Drawn whole: the underscores of `pb_` and of the key itself are inside the field's clip box.
  const { lines, clip } = await fieldTextGeometry(field);
  for (const line of lines) expect(line.inkBottom).toBeLessThanOrEqual(clip.bottom);
  await snap(page, 'verify-email-api-key', { fullPage: false });
  // Something that is no key of ours is not shown as one.
  await page.goto('/verify-email-success?apiKey=<b>not-a-key</b>');
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByLabel('Your API key')).toHaveCount(0);
});

test('a site without mail: Account Settings changes the email at once, after the password', async ({
  page,
  server,
}) => {
  await registerUser(server.url, 'carol', 'carol-password-1');
  await loginInContext(page, 'carol', 'carol-password-1');
  await page.goto('/account-settings');
  const card = page.getByRole('region', { name: 'Change Email' });
  await expect(card).toContainText('This site sends no email');
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New Email').fill('carol.new@example.com');
  await form.getByLabel('Current Password').fill('wrong-password');
  await form.getByRole('button', { name: 'Change Email' }).click();
  await expect(toasts(page)).toContainText('Current password is incorrect');

  await form.getByLabel('Current Password').fill('carol-password-1');
  await form.getByRole('button', { name: 'Change Email' }).click();
  await expect(toasts(page)).toContainText('Email changed');
  await expect(card).toContainText('carol.new@example.com');
  await snap(page, 'account-email-changed-without-mail');
});
