import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkIn, withSmtpSinkApp } from '../../../../test/helpers/factories.js';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { createUser, loginClient, signedIn } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';

const { t, sink } = withSmtpSinkApp();

describe('change password', () => {
  it('checks the fields with the spec messages', async () => {
    const { client, user } = await signedIn(t);
    const cases: [Record<string, string>, string][] = [
      [{ currentPassword: '', newPassword: 'secret-2' }, ACCOUNT_MESSAGES.fillAllFields],
      [
        { currentPassword: user.plainPassword, newPassword: 'five5' },
        'Password must be at least 6 characters long.',
      ],
      [{ currentPassword: 'wrong-password', newPassword: 'secret-2' }, ACCOUNT_MESSAGES.currentPasswordWrong],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/user/change-password', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'VALIDATION', message, requestId: expect.any(String) });
    }
    const relogin = await t.client().post('/api/login', {
      username: user.username,
      password: user.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(relogin.status).toBe(200);
  });

  it('ends the other sessions and keeps the current one', async () => {
    const u = await createUser(t);
    const here = await loginClient(t, u.username, u.plainPassword);
    const elsewhere = await loginClient(t, u.username, u.plainPassword);
    const res = await here.post('/api/user/change-password', {
      currentPassword: u.plainPassword,
      newPassword: 'secret-2',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    await expect(loginClient(t, u.username, u.plainPassword)).rejects.toThrow(/401/);
    await loginClient(t, u.username, 'secret-2');
  });

  it('is refused without a session and across sites', async () => {
    expect(
      (await t.client().post('/api/user/change-password', { currentPassword: 'a', newPassword: 'b' })).status,
    ).toBe(401);
    const { client } = await signedIn(t);
    const csrf = await client.post(
      '/api/user/change-password',
      { currentPassword: 'password-123', newPassword: 'secret-2' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(csrf.status).toBe(403);
  });
});

describe('change email', () => {
  /** The signed-in user asks to move to `email`, with their password unless told otherwise. */
  const change = (c: HttpClient, email: string, currentPassword: string) =>
    c.post('/api/user/change-email', { email, currentPassword });

  it('goes by a link to the new address while mail can be sent, even with verification off', async () => {
    const { client, user } = await signedIn(t);
    expect((await client.get('/api/settings/user')).body.emailChangeByLink).toBe(true);
    const res = await change(client, 'linked@example.com', user.plainPassword);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.emailChangeSent);
    expect((await client.get('/api/user')).body.email).toBe(user.email);
    const mail = await sink.waitForMessage((m) => m.envelope.to.includes('linked@example.com'));
    await t.client().get(new URL(linkIn(mail.text, '/api/verify-email/')).pathname);
    expect((await client.get('/api/user')).body).toMatchObject({
      email: 'linked@example.com',
      emailVerified: true,
    });
  });

  it('without mail, changes at once after the password: unverified, other sessions and reset links end', async () => {
    const u = await createUser(t);
    // A reset link mailed to the old address while the site still had mail.
    await t.client().post('/api/auth/forgot-password', { email: u.email });
    const resetMail = await sink.waitForMessage((m) => m.envelope.to.includes(u.email));
    const reset = new URL(linkIn(resetMail.text, '/reset-password?token=')).searchParams.get('token');
    await t.app.services.settings.update({ emailProvider: 'none' });
    sink.messages.length = 0;
    const here = await loginClient(t, u.username, u.plainPassword);
    const elsewhere = await loginClient(t, u.username, u.plainPassword);
    expect((await here.get('/api/settings/user')).body.emailChangeByLink).toBe(false);
    expect((await change(here, 'moved@example.com', 'wrong-password')).body.message).toBe(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );

    const res = await change(here, 'Moved@example.com', u.plainPassword);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.emailChanged);
    expect((await here.get('/api/user')).body).toMatchObject({
      email: 'moved@example.com',
      emailVerified: false,
    });
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    const used = await t
      .client()
      .post('/api/auth/reset-password', { token: reset, newPassword: 'new-pass-123' });
    expect(used.status).toBe(400);
    await loginClient(t, u.username, u.plainPassword);
    await t.app.services.mail.settled();
    expect(sink.messages).toHaveLength(0);
  });

  it('refuses invalid, unchanged and taken addresses', async () => {
    await t.app.services.settings.update({ requireEmailVerification: true });
    const { client, user } = await signedIn(t);
    await createUser(t, { email: 'taken@example.com' });
    const invalid = await change(client, 'no-at-sign', user.plainPassword);
    expect(invalid.body).toEqual({
      error: 'VALIDATION',
      message: 'Please enter a valid email address.',
      requestId: expect.any(String),
    });
    expect((await change(client, user.email.toUpperCase(), user.plainPassword)).body.message).toBe(
      ACCOUNT_MESSAGES.emailUnchanged,
    );
    const taken = await change(client, 'Taken@example.com', user.plainPassword);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ACCOUNT_MESSAGES.emailInUse);
  });

  it('needs the current password: missing or wrong changes nothing, mails nobody, ends no session', async () => {
    await t.app.services.settings.update({ requireEmailVerification: true });
    const u = await createUser(t);
    const here = await loginClient(t, u.username, u.plainPassword);
    const elsewhere = await loginClient(t, u.username, u.plainPassword);
    const cases: [unknown, string][] = [
      [{ email: 'new@example.com' }, ACCOUNT_MESSAGES.currentPasswordRequired],
      [{ email: 'new@example.com', currentPassword: '' }, ACCOUNT_MESSAGES.currentPasswordRequired],
      [
        { email: 'new@example.com', currentPassword: 'wrong-password' },
        ACCOUNT_MESSAGES.currentPasswordWrong,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await here.post('/api/user/change-email', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'VALIDATION', message, requestId: expect.any(String) });
    }
    await t.app.services.mail.settled();
    expect(sink.messages).toHaveLength(0);
    expect((await here.get('/api/settings/user')).body).toMatchObject({ email: u.email, pendingEmail: null });
    expect((await elsewhere.get('/api/user')).status).toBe(200);
  });

  it('mails a notice to the old address and ends the other sessions, keeping this one', async () => {
    await t.app.services.settings.update({ requireEmailVerification: true });
    const u = await createUser(t, { username: 'hana', email: 'hana@example.com' });
    const here = await loginClient(t, u.username, u.plainPassword);
    const elsewhere = await loginClient(t, u.username, u.plainPassword);
    const res = await change(here, 'hana.new@example.com', u.plainPassword);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.emailChangeSent);

    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);

    await t.app.services.mail.settled();
    const notice = await sink.waitForMessage((m) => m.envelope.to.includes('hana@example.com'));
    expect(notice.subject).toBe('Your Test Paste email address is being changed');
    expect(notice.text).toContain('Hello hana');
    expect(notice.text).toContain('hana.new@example.com');
    expect(notice.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/forgot-password/);
    expect(sink.messages.map((m) => m.envelope.to).sort()).toEqual([
      ['hana.new@example.com'],
      ['hana@example.com'],
    ]);
  });

  it('keeps the old address until the link sent to the new one is followed', async () => {
    await t.app.services.settings.update({ requireEmailVerification: true });
    const { client, user } = await signedIn(t);
    const res = await change(client, 'New.Address@example.com', user.plainPassword);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.emailChangeSent);

    const pending = (await client.get('/api/settings/user')).body;
    expect(pending).toMatchObject({ email: user.email, pendingEmail: 'new.address@example.com' });
    expect((await client.get('/api/user')).body.email).toBe(user.email);

    const mail = await sink.waitForMessage((m) => m.envelope.to.includes('new.address@example.com'));
    const link = new URL(linkIn(mail.text, '/api/verify-email/'));
    const follow = await t.client().get(link.pathname);
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe('/verify-email-success?status=email-changed');

    expect((await client.get('/api/user')).body.email).toBe('new.address@example.com');
    expect((await client.get('/api/settings/user')).body.pendingEmail).toBeNull();
  });

  it('reports a mail failure and keeps nothing pending', async () => {
    await t.app.services.settings.update({ requireEmailVerification: true, emailProvider: 'none' });
    const u = await createUser(t);
    const client = await loginClient(t, u.username, u.plainPassword);
    const elsewhere = await loginClient(t, u.username, u.plainPassword);
    const res = await change(client, 'new@example.com', u.plainPassword);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      error: 'MAIL_FAILED',
      message: ACCOUNT_MESSAGES.changeMailFailed,
      requestId: expect.any(String),
    });
    expect((await client.get('/api/settings/user')).body.pendingEmail).toBeNull();
    expect((await elsewhere.get('/api/user')).status).toBe(200);
  });
});

describe('account settings and API key', () => {
  it('tells the account page what it needs', async () => {
    const { client, user } = await signedIn(t);
    const res = await client.get('/api/settings/user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      requireEmailVerification: false,
      emailChangeByLink: true,
      enableApiKeys: true,
      emailVerified: true,
      email: user.email,
      pendingEmail: null,
      hasApiKey: false,
      apiKeyHint: null,
      role: 'user',
      isVip: false,
      vipLicenseUrl: '',
    });
  });

  it('shows the full key once on regenerate and afterwards only whether one exists', async () => {
    const { client, user } = await signedIn(t);
    expect((await client.get('/api/user/api-key')).body).toEqual({ hasApiKey: false, hint: null });

    const first = await client.post('/api/user/regenerate-api-key');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const key: string = first.body.apiKey;
    expect(key).toMatch(/^pb_[A-Za-z0-9_-]{32}$/);

    const status = await client.get('/api/user/api-key');
    expect(status.body).toEqual({ hasApiKey: true, hint: `pb_…${key.slice(-4)}` });
    expect(status.text).not.toContain(key);
    expect((await client.get('/api/user')).body.hasApiKey).toBe(true);

    const second = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
    expect(second).not.toBe(key);
    const row = await t.db.kysely
      .selectFrom('users')
      .select('api_key_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.api_key_hash).toBe(createHash('sha256').update(second).digest('hex'));
  });

  it('refuses to make keys while API keys are disabled', async () => {
    await t.app.services.settings.update({ enableApiKeys: false });
    const { client } = await signedIn(t);
    const res = await client.post('/api/user/regenerate-api-key');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.apiKeysDisabled);
  });
});
