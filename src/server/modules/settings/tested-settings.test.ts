import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMailApis, startFakeMailApis } from '../../../../test/helpers/fake-mail-apis.js';
import { startFakeTurnstile } from '../../../../test/helpers/fake-turnstile.js';
import {
  ADMIN,
  completeSetup,
  loginClient,
  startTestApp,
  type TestApp,
} from '../../../../test/helpers/test-app.js';
import { SETTINGS_MESSAGES } from '../../../common/schemas/settings.js';

/** Email settings are saved only after a successful test of the same values; the captcha likewise. */
let mail: FakeMailApis;
let turnstile: Awaited<ReturnType<typeof startFakeTurnstile>>;
let t: TestApp;

beforeAll(async () => {
  mail = await startFakeMailApis();
  turnstile = await startFakeTurnstile('real-secret');
});
afterAll(async () => {
  await mail.close();
  await turnstile.close();
});
beforeEach(async () => {
  await t?.close();
  t = await startTestApp({
    env: { RESEND_API_URL: mail.url, TURNSTILE_VERIFY_URL: turnstile.url, TURNSTILE_TIMEOUT_MS: '1000' },
  });
  await completeSetup(t);
});
afterAll(() => t?.close());

const stored = async (key: string) =>
  (await t.db.kysely.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

describe('email settings', () => {
  it('are saved only after Test Connection passed with exactly these values', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const form = { emailProvider: 'resend', emailFrom: 'paste@example.com', resendApiKey: mail.keys.resend };
    const untested = await admin.put('/api/settings', form);
    expect(untested.status).toBe(400);
    expect(untested.body.message).toBe(SETTINGS_MESSAGES.emailNotTested);
    expect(await stored('emailProvider')).not.toBe('"resend"');

    expect((await admin.post('/api/setup/test-email', form)).status).toBe(200);
    // Any edit after the test needs a test of its own.
    const edited = await admin.put('/api/settings', { ...form, emailFrom: 'other@example.com' });
    expect(edited.body.message).toBe(SETTINGS_MESSAGES.emailNotTested);
    const saved = await admin.put('/api/settings', form);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(form);
    expect(await stored('emailProvider')).toBe('"resend"');
  });

  it('a failed test lets nothing be saved', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const form = { emailProvider: 'resend', emailFrom: 'paste@example.com', resendApiKey: 're_wrong' };
    expect((await admin.post('/api/setup/test-email', form)).status).not.toBe(200);
    expect((await admin.put('/api/settings', form)).status).toBe(400);
  });
});

describe('captcha', () => {
  it('tests keys with Turnstile and enables only tested keys', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const wrong = await admin.post('/api/admin/test-turnstile', { siteKey: 'site', secretKey: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(SETTINGS_MESSAGES.turnstileFailed);
    const keys = { turnstileSiteKey: 'site', turnstileSecretKey: 'real-secret' };
    const early = await admin.put('/api/settings', { ...keys, enableTurnstile: true });
    expect(early.body.message).toBe(SETTINGS_MESSAGES.turnstileNotTested);
    expect(await stored('enableTurnstile')).not.toBe('true');

    expect(
      (await admin.post('/api/admin/test-turnstile', { siteKey: 'site', secretKey: 'real-secret' })).body,
    ).toEqual({
      success: true,
    });
    const on = await admin.put('/api/settings', { ...keys, enableTurnstile: true });
    expect(on.status).toBe(200);
    expect((await t.client().get('/api/settings/public')).body).toMatchObject({
      enableTurnstile: true,
      turnstileSiteKey: 'site',
    });
    // Changing the keys of an enabled captcha needs a new test.
    expect((await admin.put('/api/settings', { turnstileSecretKey: 'other' })).status).toBe(400);
    // Turning it off needs none.
    expect((await admin.put('/api/settings', { enableTurnstile: false })).status).toBe(200);
  });
});

describe('email templates', () => {
  it('are saved as given; blank means the default', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const templates = {
      emailVerificationSubject: 'Welcome to {{SITE_NAME}}',
      emailVerificationTemplate: '<p>Hi {{USERNAME}}, {{VERIFY_BUTTON}}</p>',
      forgotPasswordTemplate: '',
    };
    const res = await admin.put('/api/settings', templates);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(templates);
    const preview = await admin.get('/api/email-templates/preview?template=verification');
    expect(preview.body.subject).toBe('Welcome to Test Paste');
  });
});
