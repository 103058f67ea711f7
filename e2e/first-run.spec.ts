import { ADMIN, expect, snap, test, toasts } from './support/fixtures';

test.describe.configure({ mode: 'serial' });

test('a fresh site sends every path to the setup wizard', async ({ page }) => {
  for (const path of ['/', '/about', '/auth?tab=login', '/no-such-page']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/setup$/);
  }
  await expect(page.getByRole('heading', { name: "Welcome! Let's set up your site" })).toBeVisible();
  for (const section of [
    'Site Configuration',
    'Admin Account',
    'Database Connection',
    'Email Configuration',
  ]) {
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  }
  await expect(page.getByText('SQLite', { exact: true })).toBeVisible();
  await snap(page, 'setup-wizard');
});

test('setup, register, log in, user menu, log out', async ({ page }) => {
  await page.goto('/setup');

  // Missing admin credentials are refused before anything is sent: each field says so, all at
  // once, the first one has the focus, and no toast covers Complete Setup.
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByRole('alert').getByText('Please fill in all admin credentials')).toHaveCount(3);
  await expect(page.getByLabel('Admin Username')).toBeFocused();
  await expect(toasts(page).getByText('Missing Information', { exact: true })).toHaveCount(0);
  await snap(page, 'setup-field-errors');
  // A username against the rules is named under its field before the server is asked.
  await page.getByLabel('Admin Username').fill('a_b-c');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(
    page.getByRole('alert').getByText('Username can contain either underscores or hyphens, but not both'),
  ).toBeVisible();

  // The email test needs a provider and a from address.
  await page.getByLabel('Email Provider').selectOption('smtp');
  await expect(page.getByLabel('SMTP Port')).toHaveValue('587');
  await page.getByRole('switch', { name: 'Use TLS (port 465)' }).click();
  await expect(page.getByLabel('SMTP Port')).toHaveValue('465');
  await page.getByRole('button', { name: 'Test Email' }).click();
  await expect(toasts(page).getByText('Missing Information', { exact: true })).toBeVisible();
  await snap(page, 'setup-email-section');
  await page.getByLabel('Email Provider').selectOption('none');

  await page.getByLabel('Site Title').fill('First Run Paste');
  await page.getByLabel('Admin Username').fill(ADMIN.username);
  await page.getByLabel('Admin Email').fill(ADMIN.email);
  await page.getByLabel('Admin Password').fill(ADMIN.password);

  // The domain (the origin links in mails use) starts as this page's origin; a bare host is refused.
  const domain = page.getByLabel('Domain', { exact: true });
  const origin = new URL(page.url()).origin;
  await expect(domain).toHaveValue(origin);
  await domain.fill('paste.example.com');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByRole('alert').getByText(/^Domain must be the site's address/)).toBeVisible();
  await expect(domain).toHaveAttribute('aria-invalid', 'true');
  await domain.fill(origin);

  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Setup complete!' })).toBeVisible();
  await snap(page, 'setup-complete');

  // After about 2 s the wizard hands over to the login page.
  await expect(page).toHaveURL(/\/auth$/, { timeout: 120_000 });
  await expect(page.getByRole('heading', { name: 'Welcome to First Run Paste' })).toBeVisible();
  await expect(page).toHaveTitle('First Run Paste - Secure Text & Code Sharing');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await snap(page, 'auth-login');

  // /setup is closed once setup is done.
  await page.goto('/setup');
  await expect(page).toHaveURL(/\/$/);

  // Register: a validation message first, then a real account.
  await page.goto('/auth?tab=register');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Username').fill('alice');
  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByLabel('Confirm Password').fill('correct-horsf');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Under the field it is about, with the focus there; no toast for a mistake in the form.
  await expect(page.getByRole('alert').getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Confirm Password')).toBeFocused();
  await expect(toasts(page).getByText('Failed to create account', { exact: true })).toHaveCount(0);
  await snap(page, 'auth-register-mismatch');

  await page.getByLabel('Confirm Password').fill('correct-horse');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toasts(page).getByText('Account created', { exact: true })).toBeVisible();
  // Back to the login tab after 1.5 s, with the new username filled in.
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 120_000,
  });
  await expect(page.getByLabel('Username')).toHaveValue('alice');

  // A wrong password shows the server's message.
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toasts(page).getByText('Failed to login', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Invalid username or password', { exact: true })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  const menu = page.getByRole('button', { name: 'alice, account menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText('alice');
  await snap(page, 'home-signed-in');

  await menu.click();
  await expect(page.getByRole('menu').getByText('Signed in as')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await snap(page, 'user-menu');

  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: /, account menu$/ })).toHaveCount(0);

  // The session is really gone: a reload still shows a visitor.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('the admin sees the Admin Panel entry and the panel frame', async ({ page }) => {
  await page.goto('/auth?tab=login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: `${ADMIN.username}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  // /admin shows the role's first tab, and its address becomes that tab's.
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText('Manage users and pastes in the system')).toBeVisible();
  await snap(page, 'admin-panel');
});
