import { CAPTCHA_BYPASS_TOKEN } from '../src/common/constants';
import {
  changeSettings,
  expect,
  expectToast,
  generateLicense,
  linkIn,
  logInWithForm,
  type MailEnv,
  mailTo,
  RESET_LINK,
  setupWithSmtp,
  snap,
  test,
  toasts,
  VERIFY_LINK,
  waitForPublicSetting,
  writeSetting,
} from './support/accounts';

test.describe.configure({ mode: 'serial' });

const BOB = { username: 'bob', email: 'bob@example.com', password: 'bob-pass-01' };
const RESET_TO = 'bob-pass-02';
const NEW_EMAIL = 'robert@example.com';

/** Registers through the API and follows the mailed link, as a browser would (the key is not read). */
async function registerVerified(env: MailEnv, user: typeof BOB): Promise<void> {
  const response = await fetch(`${env.server.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...user, captchaToken: CAPTCHA_BYPASS_TOKEN }),
  });
  expect(response.status).toBe(201);
  const link = linkIn(await mailTo(env, user.email), VERIFY_LINK);
  const verified = await fetch(link, { redirect: 'manual' });
  expect(verified.status).toBe(302);
  expect(verified.headers.get('location')).toMatch(/^\/verify-email-success\?(code|status)=/);
}

test('setup with SMTP and verification on; a verified user', async ({ page, env }) => {
  await setupWithSmtp(page, env);
  await changeSettings(env, { requireEmailVerification: true });
  await waitForPublicSetting(env, 'requireEmailVerification', true);
  await registerVerified(env, BOB);
});

test('reset without a token: the error, then the forgot-password page after 3 s', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible();
  await snap(page, 'accounts-reset-no-token');
  await expect(page).toHaveURL(/\/forgot-password$/, { timeout: 120_000 });
});

test('forgot → mailed link → reset → log in with the new password', async ({ page, env }) => {
  await page.goto('/auth?tab=login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address.');

  // An unknown address gets the same answer as a known one.
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const sent = page.getByTestId('forgot-sent');
  await expect(sent).toContainText(
    'If an account with that email exists, a password reset link has been sent.',
  );
  await snap(page, 'accounts-forgot-sent');
  await sent.getByRole('button', { name: 'Send another link' }).click();
  await page.getByLabel('Email').fill(BOB.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(sent).toContainText(
    'If an account with that email exists, a password reset link has been sent.',
  );

  const mail = await mailTo(env, BOB.email, 2);
  expect(mail.secured).toBe(true);
  const link = linkIn(mail, RESET_LINK);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByRole('button', { name: 'Reset Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all fields');
  await form.getByLabel('New Password', { exact: true }).fill('short');
  await form.getByLabel('Confirm New Password').fill('shorter');
  await form.getByRole('button', { name: 'Reset Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Passwords do not match');
  await form.getByLabel('Confirm New Password').fill('short');
  await form.getByRole('button', { name: 'Reset Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Password must be at least 8 characters long');
  await snap(page, 'accounts-reset-too-short');

  await form.getByLabel('New Password', { exact: true }).fill(RESET_TO);
  await form.getByLabel('Confirm New Password').fill(RESET_TO);
  await form.getByRole('button', { name: 'Reset Password' }).click();
  // Bob's API key (made when he verified) does not survive the reset.
  await expectToast(page, 'Password reset', /your API key was revoked/);
  await expect(page).toHaveURL(/\/auth\?tab=login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Username').fill(BOB.username);
  await page.getByLabel('Password', { exact: true }).fill(BOB.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Failed to login');
  await logInWithForm(page, BOB.username, RESET_TO);

  // The link worked once.
  await page.goto(link);
  await form.getByLabel('New Password', { exact: true }).fill('another-pass-3');
  await form.getByLabel('Confirm New Password').fill('another-pass-3');
  await form.getByRole('button', { name: 'Reset Password' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'Failed to reset password. The link may be expired or invalid.',
  );
  await expectToast(page, 'Password Reset Failed');
  await snap(page, 'accounts-reset-used-link');
});

test('change email: a link to the new address, then the address changes', async ({ page, env }) => {
  await logInWithForm(page, BOB.username, RESET_TO);
  await page.goto('/account-settings');
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New Email').fill('no-at-sign');
  await form.getByRole('button', { name: 'Send Verification Link' }).click();
  await expectToast(page, 'Email Change Failed', 'Please enter a valid email address.');

  // The current password is asked for: missing, then wrong.
  await form.getByLabel('New Email').fill(NEW_EMAIL);
  await form.getByRole('button', { name: 'Send Verification Link' }).click();
  await expectToast(page, 'Email Change Failed', 'Please enter your current password.');
  await form.getByLabel('Current Password').fill('wrong-password');
  await form.getByRole('button', { name: 'Send Verification Link' }).click();
  await expectToast(page, 'Email Change Failed', 'Current password is incorrect');
  await expect(page.getByTestId('pending-email')).toHaveCount(0);

  await form.getByLabel('Current Password').fill(RESET_TO);
  await form.getByRole('button', { name: 'Send Verification Link' }).click();
  await expectToast(page, 'Check your new inbox');
  await expect(page.getByTestId('pending-email')).toContainText(NEW_EMAIL);
  await expect(form.getByLabel('Current Password')).toHaveValue('');
  await snap(page, 'accounts-change-email-pending');

  // The old address hears of it: verification mail, reset mail, then this notice.
  const notice = await mailTo(env, BOB.email, 3);
  expect(notice.subject).toBe('Your Mail Paste email address is being changed');
  expect(notice.text).toContain(NEW_EMAIL);

  await page.goto(linkIn(await mailTo(env, NEW_EMAIL), VERIFY_LINK));
  await expect(page.getByRole('heading', { name: 'Email Changed' })).toBeVisible();
  await expect(page).toHaveURL(/status=email-changed$/);
  await snap(page, 'accounts-email-changed');
  await page.getByRole('link', { name: 'View Account Settings' }).click();
  await expect(page.getByRole('region', { name: 'Change Email' })).toContainText(NEW_EMAIL);
  await expect(page.getByTestId('pending-email')).toHaveCount(0);
});

test('VIP: license activation, then banner management', async ({ page, env }) => {
  const licenseKey = await generateLicense(env);
  await logInWithForm(page, BOB.username, RESET_TO);
  await page.goto('/vip');
  await page.getByRole('link', { name: 'Activate VIP Now' }).click();
  await expect(page).toHaveURL(/\/account-settings#vip$/);
  const card = page.getByRole('region', { name: 'VIP Membership' });
  await expect(card).toBeInViewport();

  await card.getByRole('button', { name: 'Activate VIP' }).click();
  await expectToast(page, 'VIP Activation Failed', 'Please enter a license key');
  await card.getByLabel('License Key').fill('VIP-NOT-A-KEY');
  await card.getByRole('button', { name: 'Activate VIP' }).click();
  await expectToast(page, 'VIP Activation Failed', 'Invalid license key');
  await card.getByLabel('License Key').fill(licenseKey);
  await card.getByRole('button', { name: 'Activate VIP' }).click();
  await expectToast(page, 'VIP Activated');

  const banner = page.getByRole('region', { name: /VIP Banner/ });
  await expect(banner).toBeVisible();
  const me = (await (await page.request.get('/api/user')).json()) as { role: string };
  expect(me.role).toBe('vip');
  await expect(banner.getByTestId('banner-preview').getByRole('img')).toHaveAttribute(
    'src',
    '/vip-banner-default.svg',
  );
  await banner.getByRole('button', { name: 'Save Banner' }).click();
  await expectToast(page, 'Update Failed', 'Please enter a banner image URL');
  await banner.getByLabel('Banner Image URL').fill('http://i.imgur.com/banner.png');
  await banner.getByRole('button', { name: 'Save Banner' }).click();
  await expectToast(page, 'Update Failed', 'The banner image URL must start with https://');

  // An image over 5 MB is measured in the browser and never saved (the host allows reading it).
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/vip/banner')) saves.push(r.url());
  });
  await page.route('https://i.imgur.com/huge.png', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'image/png', 'access-control-allow-origin': '*' },
      body: Buffer.alloc(5 * 1024 * 1024 + 1),
    }),
  );
  await banner.getByLabel('Banner Image URL').fill('https://i.imgur.com/huge.png');
  await banner.getByRole('button', { name: 'Save Banner' }).click();
  await expectToast(page, 'Update Failed', 'The banner image is larger than 5 MB');
  expect(saves).toEqual([]);

  // A trusted host, but no such file: the preview falls back to the default and says so.
  await banner
    .getByLabel('Banner Image URL')
    .fill('https://raw.githubusercontent.com/pasteshare-e2e/none/main/banner.png');
  await banner.getByLabel('Banner Link (optional)').fill('example.com');
  await expect(banner.getByText('Banner File Missing')).toBeVisible({ timeout: 120_000 });
  await expect(banner.getByTestId('banner-preview').getByRole('img')).toHaveAttribute(
    'src',
    '/vip-banner-default.svg',
  );
  await banner.getByRole('button', { name: 'Save Banner' }).click();
  await expectToast(page, 'Banner updated');
  await expect(banner.getByLabel('Banner Link (optional)')).toHaveValue('https://example.com/');
  await snap(page, 'accounts-vip-banner');

  // The VIP page now offers the member's actions.
  await page.goto('/vip');
  await expect(page.getByRole('link', { name: 'Manage Banner' })).toHaveAttribute(
    'href',
    '/account-settings#vip',
  );
  await expect(page.getByRole('link', { name: 'Create Paste' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Activate VIP Now' })).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);
  await snap(page, 'accounts-vip-page-member');
});

test('email previews render the configured templates in a sandboxed frame', async ({ page }) => {
  await page.goto('/email-preview');
  await expect(page.getByTestId('email-subject')).toHaveText('Verify your email for Mail Paste');
  await expect(page.locator('iframe')).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe').getByText('Verify Email', { exact: true })).toBeVisible();
  await snap(page, 'accounts-email-preview');

  await page.goto('/email-verification-preview');
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Email Preview' })).toBeVisible();
  await expect(page.frameLocator('iframe').getByText('johndoe', { exact: false }).first()).toBeVisible();

  await page.goto('/forgot-password-email-preview');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password Email Preview' })).toBeVisible();
  await expect(page.frameLocator('iframe').getByText('Reset Password', { exact: true })).toBeVisible();
  await snap(page, 'accounts-forgot-email-preview');
});

test('registration while the mail server is down: the account exists, resend is offered', async ({
  page,
  env,
}) => {
  await writeSetting(env, 'smtpPort', 1);
  // The server's settings cache lives 2 s; the port is not public, so wait it out.
  await page.waitForTimeout(2_500);
  await page.goto('/auth?tab=register');
  await page.getByLabel('Username').fill('carol');
  await page.getByLabel('Email').fill('carol@example.com');
  await page.getByLabel('Password', { exact: true }).fill('carol-pass-1');
  await page.getByLabel('Confirm Password').fill('carol-pass-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const notice = page.getByTestId('registration-notice');
  await expect(notice).toContainText('Verification email not sent');
  await expect(notice).toContainText('could not be sent');
  await snap(page, 'accounts-register-mail-failed');

  await writeSetting(env, 'smtpPort', env.sink.port);
  await page.waitForTimeout(2_500);
  await notice.getByRole('button', { name: 'Resend verification email' }).click();
  await expectToast(page, 'Verification email sent');
  await mailTo(env, 'carol@example.com');
});

test('a signed-in account whose email is not verified sees the verification alert', async ({ page, env }) => {
  // carol (above) never verified; she can sign in only while verification is off.
  await changeSettings(env, { requireEmailVerification: false });
  await waitForPublicSetting(env, 'requireEmailVerification', false);
  await logInWithForm(page, 'carol', 'carol-pass-1');
  await changeSettings(env, { requireEmailVerification: true });
  await waitForPublicSetting(env, 'requireEmailVerification', true);

  await page.goto('/account');
  const alert = page.getByTestId('email-verification-alert');
  await expect(alert).toContainText('carol@example.com');
  await snap(page, 'accounts-unverified-alert', { fullPage: false });
  await alert.getByRole('button', { name: 'Resend verification email' }).click();
  await expectToast(page, 'Verification email sent');
  await mailTo(env, 'carol@example.com', 2);
});

test('a failed key reveal, small screens and the light theme', async ({ page }) => {
  // A reveal code that does not exist: the 'Verification Failed' card with the server's reason.
  await page.goto('/verify-email-success?code=not-a-real-code');
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByText(/expired or was already used/)).toBeVisible();
  await expect(page).toHaveURL(/\?status=verified$/);

  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, 'accounts-375-reveal-failed');
  for (const [path, name] of [
    ['/auth?tab=register', 'register'],
    ['/forgot-password', 'forgot'],
    ['/reset-password?token=x', 'reset'],
    ['/verify-email-success?status=email-changed', 'email-changed'],
    ['/forgot-password-email-preview', 'forgot-email-preview'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await snap(page, `accounts-375-${name}`);
  }

  await logInWithForm(page, BOB.username, RESET_TO);
  await page.goto('/account-settings');
  await expect(page.getByRole('region', { name: 'My Pastes' })).toBeVisible();
  await snap(page, 'accounts-375-settings');
  // The password reset above revoked Bob's key: a new one is made at once, no confirmation needed.
  const keyCard = page.getByRole('region', { name: 'API Key' });
  await expect(keyCard.getByTestId('api-key-status')).toContainText('No API key');
  await keyCard.getByRole('button', { name: 'Generate API Key' }).click();
  await expect(page.getByLabel('Your new API key')).toHaveValue(/^pb_/);
  await snap(page, 'accounts-375-new-key', { fullPage: false });

  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/account-settings');
  await expect(page.getByRole('region', { name: 'My Pastes' })).toBeVisible();
  await snap(page, 'accounts-light-settings');
  await page.goto('/verify-email-success?status=verified');
  await snap(page, 'accounts-light-verified');
  await page.goto('/email-preview');
  await expect(page.getByTestId('email-subject')).toBeVisible();
  await snap(page, 'accounts-light-email-preview');
});
