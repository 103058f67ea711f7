import {
  changeSettings,
  expect,
  expectToast,
  linkIn,
  logInWithForm,
  mailTo,
  setupWithSmtp,
  snap,
  test,
  VERIFY_LINK,
  waitForPublicSetting,
} from './support/accounts';

test.describe.configure({ mode: 'serial' });

const ALICE = { username: 'alice', email: 'alice@example.com', password: 'alice-pass-1' };
const NEW_PASSWORD = 'alice-pass-2';
/** Shared between the serial tests: the key shown once after verification. */
let firstKey = '';

test('setup with SMTP in the wizard, then email verification turned on', async ({ page, env }) => {
  await setupWithSmtp(page, env);
  await changeSettings(env, { requireEmailVerification: true });
  await waitForPublicSetting(env, 'requireEmailVerification', true);
});

test('register, refused login, resend, follow the mailed link: the API key is shown once', async ({
  page,
  env,
}) => {
  await page.goto('/auth?tab=register');
  await page.getByLabel('Username').fill(ALICE.username);
  await page.getByLabel('Email').fill(ALICE.email);
  await page.getByLabel('Password', { exact: true }).fill(ALICE.password);
  await page.getByLabel('Confirm Password').fill(ALICE.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('registration-notice')).toContainText('Check your email');
  await snap(page, 'accounts-register-check-email');

  // Back on the login tab after 1.5 s, the notice stays.
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('registration-notice')).toBeVisible();
  const first = await mailTo(env, ALICE.email, 1);
  expect(first.secured).toBe(true);
  expect(first.subject).toContain('Mail Paste');

  // Logging in before verifying is refused, with a way to get the mail again.
  await page.getByLabel('Password', { exact: true }).fill(ALICE.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const notice = page.getByTestId('unverified-notice');
  await expect(notice).toContainText('Please verify your email address before logging in');
  await snap(page, 'accounts-login-unverified');
  await notice.getByRole('button', { name: 'Resend verification email' }).click();
  await expectToast(page, 'Verification email sent');
  const second = await mailTo(env, ALICE.email, 2);

  // The newer link replaces the older one.
  await page.goto(linkIn(first, VERIFY_LINK));
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Register' })).toHaveAttribute(
    'href',
    '/auth?tab=register',
  );
  await snap(page, 'accounts-verify-old-link');

  await page.goto(linkIn(second, VERIFY_LINK));
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  const keyField = page.getByLabel('Your API key');
  await expect(keyField).toHaveValue(/^pb_[A-Za-z0-9_-]{32,}$/);
  firstKey = await keyField.inputValue();
  await expect(page.getByText('This is shown only once.')).toBeVisible();
  // The one-time code left the address bar.
  await expect(page).toHaveURL(/\/verify-email-success\?status=verified$/);
  await snap(page, 'accounts-verified-key');

  // The key works on the v1 API.
  const list = await fetch(`${env.server.url}/api/v1/pastes`, { headers: { 'X-API-Key': firstKey } });
  expect(list.status).toBe(200);

  // A reload shows the success card without the key.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  await expect(page.getByLabel('Your API key')).toHaveCount(0);

  // Following the same link again: already used.
  await page.goto(linkIn(second, VERIFY_LINK));
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByText(/already been used/)).toBeVisible();

  await page.goto('/verify-email-success?status=verified');
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
  await logInWithForm(page, ALICE.username, ALICE.password);
});

test('account page: change password', async ({ page }) => {
  await logInWithForm(page, ALICE.username, ALICE.password);
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  for (const card of ['Change Password', 'Change Email', 'API Key', 'VIP Membership', 'My Pastes']) {
    await expect(page.getByRole('heading', { level: 2, name: card, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('email-verification-alert')).toHaveCount(0);
  await snap(page, 'accounts-settings');

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current Password').fill(ALICE.password);
  await form.getByLabel('New Password', { exact: true }).fill('abc');
  await form.getByLabel('Confirm New Password').fill('abd');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, "Passwords Don't Match");

  await form.getByLabel('Confirm New Password').fill('abc');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password Change Failed', 'Password must be at least 6 characters long.');

  await form.getByLabel('Current Password').fill('wrong-password');
  await form.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password Change Failed', 'Current password is incorrect');
  await snap(page, 'accounts-change-password-failed', { fullPage: false });

  // Revoking the API key is offered and on by default; kept here, so the key below still works.
  const revoke = form.getByLabel('Also revoke my API key');
  await expect(revoke).toBeChecked();
  await revoke.uncheck();
  await form.getByLabel('Current Password').fill(ALICE.password);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password changed', 'Password changed. You were signed out on your other devices.');
  await expect(form.getByLabel('Current Password')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'API Key' }).getByTestId('api-key-status')).toContainText(
    'Active',
  );

  // This session stays; the new password is the one that works.
  await page.reload();
  await expect(page.getByText('Signed in as')).toBeVisible();
  await page.context().clearCookies();
  await logInWithForm(page, ALICE.username, NEW_PASSWORD);
});

test('account page: regenerate the API key, shown once; the old key stops working', async ({ page, env }) => {
  await logInWithForm(page, ALICE.username, NEW_PASSWORD);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'API Key' });
  await expect(card.getByTestId('api-key-status')).toContainText('Active');
  await expect(card.getByTestId('api-key-status')).toContainText(firstKey.slice(-4));

  await card.getByRole('button', { name: 'Regenerate API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate your API key?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
  const keyField = card.getByLabel('Your new API key');
  await expect(keyField).toHaveValue(/^pb_/);
  const newKey = await keyField.inputValue();
  expect(newKey).not.toBe(firstKey);
  await snap(page, 'accounts-new-api-key');

  await card.getByRole('button', { name: 'I have copied my key' }).click();
  await expect(card.getByLabel('Your new API key')).toHaveCount(0);
  await expect(card.getByTestId('api-key-status')).toContainText(newKey.slice(-4));

  const old = await fetch(`${env.server.url}/api/v1/pastes`, { headers: { 'X-API-Key': firstKey } });
  expect(old.status).toBe(401);

  // Twelve pastes through the v1 API (raw body, title in the query), for My Pastes below.
  for (let i = 1; i <= 12; i++) {
    const title = i === 7 ? 'needle in a haystack' : `note ${i}`;
    const response = await fetch(`${env.server.url}/api/v1/pastes?title=${encodeURIComponent(title)}`, {
      method: 'POST',
      headers: { 'X-API-Key': newKey, 'Content-Type': 'text/plain' },
      body: `content of ${title}`,
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; url: string };
    expect(body.url).toBe(`${env.server.url}/paste/${body.id}`);
  }

  // The /api page documents exactly this usage, with the site's own origin in the examples.
  await page.goto('/api');
  const v1 = page.locator('#api-key');
  await expect(v1).toContainText(
    `curl --data-binary @notes.txt -H 'X-API-Key: pb_YOUR_API_KEY' '${env.server.url}/api/v1/pastes?title=notes&expiration=1w'`,
  );
  await expect(v1).toContainText('X-Paste-Password header');
  await expect(v1).toContainText('201 { "id": "...", "url": "https://host/paste/<id>" }');
  await expect(v1).toContainText('limit (query, optional): 1 to 100, default 20');
  await v1.screenshot({ path: 'test-results/screenshots/accounts-api-docs-v1.png' });
});

test('account page: my pastes, search, paging and a deletion request', async ({ page }) => {
  await logInWithForm(page, ALICE.username, NEW_PASSWORD);
  await page.goto('/account-settings');
  const card = page.getByRole('region', { name: 'My Pastes' });
  await expect(card.getByText('12 pastes')).toBeVisible();
  await expect(card.getByTestId('my-paste')).toHaveCount(10);
  await expect(card.getByText('Page 1 of 2')).toBeVisible();
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(card.getByText('Page 2 of 2')).toBeVisible();
  await expect(card.getByTestId('my-paste')).toHaveCount(2);
  await card.getByRole('button', { name: 'Previous' }).click();
  await expect(card.getByText('Page 1 of 2')).toBeVisible();

  await card.getByLabel('Search my pastes').fill('needle');
  await expect(card.getByTestId('my-paste')).toHaveCount(1);
  const item = card.getByTestId('my-paste').first();
  await expect(item.getByRole('link', { name: 'needle in a haystack' })).toHaveAttribute(
    'href',
    /^\/paste\//,
  );
  await expect(item).toContainText('Public');
  await expect(item).toContainText('0 views');
  await snap(page, 'accounts-my-pastes-search');

  await item.getByRole('button', { name: 'Request Deletion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Deletion' });
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expectToast(page, 'Reason Required', 'Please provide a reason for deleting this paste.');
  await expect(dialog.getByRole('alert')).toHaveText('Please provide a reason for deleting this paste.');
  await dialog.getByLabel('Reason').fill('Posted by mistake');
  await snap(page, 'accounts-request-deletion', { fullPage: false });
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expectToast(page, 'Delete Request Submitted');
  await expect(dialog).toHaveCount(0);
  await expect(item).toContainText('Deletion requested');

  // After a reload the same request again: the server says one is already pending.
  await page.reload();
  await card.getByLabel('Search my pastes').fill('needle');
  await expect(card.getByTestId('my-paste')).toHaveCount(1);
  await card.getByRole('button', { name: 'Request Deletion' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('Once more');
  await page.getByRole('dialog').getByRole('button', { name: 'Send Request' }).click();
  await expectToast(page, 'Delete Request Failed', 'A deletion request for this paste is already pending');

  await card.getByLabel('Search my pastes').fill('nothing-like-this');
  await expect(card.getByText('No pastes match your search')).toBeVisible();
  await card.getByRole('button', { name: 'Clear search' }).click();
  await expect(card.getByTestId('my-paste')).toHaveCount(10);
});
