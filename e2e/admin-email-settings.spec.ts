import { ADMIN, expect, expectToast, test } from './support/accounts';

/** Spec §2/§4: email settings are saved only after a successful connection test of the same values. */
test('an admin tests the SMTP connection, then saves; any edit asks for a new test', async ({
  page,
  env,
}) => {
  const setup = await fetch(`${env.server.url}/api/setup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      siteTitle: 'Mail Paste',
      domain: env.server.url,
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      adminEmail: ADMIN.email,
      emailProvider: 'none',
    }),
  });
  expect(setup.status).toBe(200);
  const login = await page.request.post('/api/login', {
    data: { username: ADMIN.username, password: ADMIN.password, captchaToken: 'captcha-disabled' },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('Not Configured')).toBeVisible();
  await page.getByLabel('Email Provider').selectOption('smtp');
  await page.getByLabel('From Email').fill('noreply@mail-paste.test');
  await page.getByLabel('SMTP Host').fill('127.0.0.1');
  await page.getByLabel('SMTP Port').fill(String(env.sink.port));
  const save = page.getByRole('button', { name: 'Save Email Settings' });
  await expect(save).toBeDisabled();
  await expect(page.getByText('Not Tested')).toBeVisible();
  await page.getByRole('button', { name: 'Test Connection' }).first().click();
  await expectToast(page, 'Connection successful');
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await page.getByLabel('From Name').fill('Mail Paste');
  await expect(save).toBeDisabled();
  await page.getByRole('button', { name: 'Test Connection' }).first().click();
  await expectToast(page, 'Connection successful');
  await save.click();
  await expectToast(page, 'Settings updated');
  const settings = (await (await page.request.get('/api/settings')).json()) as Record<string, unknown>;
  expect(settings).toMatchObject({
    emailProvider: 'smtp',
    emailFromName: 'Mail Paste',
    smtpPort: env.sink.port,
  });
});
