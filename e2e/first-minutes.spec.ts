import { ADMIN, expect, loginInContext, snap, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

test.use({ setupCompleted: true });

test('a light-theme visitor gets the light theme before any app code runs', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  // Without the app's JavaScript only index.html and its blocking theme script run: what the
  // first paint shows.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.unroute('**/assets/*.js');
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('logging in from a paste comes back to it; My Pastes and New paste are one click away', async ({
  page,
  server,
}) => {
  const { id } = await createPasteApi(server.url, { title: 'Read me later', content: 'hello there' });
  await page.goto(`/paste/${id}`);
  await expect(page.getByText('hello there')).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`next=${encodeURIComponent(`/paste/${id}`)}`));
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/paste/${id}$`));
  await expect(page.getByText('hello there')).toBeVisible();

  await page.getByRole('button', { name: /, account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'My Pastes' }).click();
  await expect(page).toHaveURL(/\/account#my-pastes$/);
  await expect(page.getByRole('heading', { name: 'My Pastes' })).toBeInViewport();

  await page.getByRole('link', { name: 'New paste' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Paste content')).toBeFocused();
  // On the create screen itself the button is not repeated.
  await expect(page.getByRole('link', { name: 'New paste' })).toHaveCount(0);
});

test('a login link never sends anyone off the site', async ({ page }) => {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.context().clearCookies();
  await page.goto('/auth?tab=login&next=//evil.example/x');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('with no mail provider, Forgot Password says plainly that reset by email is not available', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await expect(page.getByText('Reset by email is not available on this site')).toBeVisible();
  await expect(page.getByText(/Ask the site's administrator/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toHaveCount(0);
  await snap(page, 'forgot-password-no-mail');
});

test('an expired verification link says what happened and what to do', async ({ page }) => {
  await page.goto('/verify-email-success?error=expired');
  await expect(page.getByText('This verification link has expired. Please request a new one.')).toBeVisible();
  await expect(page.getByText(/the login form offers to send a new verification link/)).toBeVisible();
  await expect(page.getByText('expired', { exact: true })).toHaveCount(0);
});

test('the username rules show before the first error', async ({ page }) => {
  await page.goto('/auth?tab=register');
  await expect(
    page.getByText('3 to 30 letters and numbers, with underscores or hyphens (one kind, not both).'),
  ).toBeVisible();
});

test('register: every field’s problem at once, under the field, focus on the first', async ({ page }) => {
  await page.goto('/auth?tab=register');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await expect(form.getByRole('alert').getByText('Please fill in all fields')).toHaveCount(2);
  await expect(form.getByRole('alert').getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  await snap(page, 'register-field-errors');
});

test('on a phone the API page’s copy buttons sit beside the commands, not over them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/api');
  const blocks = page.locator('pre');
  await expect(blocks.first()).toBeVisible();
  const count = await blocks.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    const pre = await blocks.nth(i).boundingBox();
    const button = await blocks.nth(i).locator('xpath=following-sibling::button').boundingBox();
    expect(pre && button).toBeTruthy();
    // The button starts where the command's box ends.
    expect(button!.x).toBeGreaterThanOrEqual(pre!.x + pre!.width - 1);
  }
  await snap(page, 'api-page-phone');
});
