import { describe, expect, it } from 'vitest';
import { linkIn, withSmtpSinkApp } from '../../../../test/helpers/factories.js';
import { createUser, loginClient } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN, RESET_LINK_TTL_MS } from '../../../common/constants.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';

const { t, sink } = withSmtpSinkApp();

const forgot = (email: string) => t.client().post('/api/auth/forgot-password', { email });
const login = (username: string, password: string) =>
  t.client().post('/api/login', { username, password, captchaToken: CAPTCHA_BYPASS_TOKEN });

/** Asks for a reset of the user's address and returns the token from the received mail. */
async function requestToken(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(200);
  await t.app.services.mail.settled();
  const mail = await sink.waitForMessage((m) => m.envelope.to.includes(email));
  return new URL(linkIn(mail.text, '/reset-password?token=')).searchParams.get('token')!;
}

describe('forgot password', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    await createUser(t, { username: 'bob', email: 'bob@example.com' });
    const known = await forgot('Bob@Example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: ACCOUNT_MESSAGES.forgotSent });
    await t.app.services.mail.settled();
    expect(sink.messages.map((m) => m.envelope.to)).toEqual([['bob@example.com']]);
    const tokens = await t.db.kysely.selectFrom('email_tokens').selectAll().execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.purpose).toBe('reset-password');
    expect(Number(tokens[0]!.expires_at) - Number(tokens[0]!.created_at)).toBe(RESET_LINK_TTL_MS);

    const mail = sink.messages[0]!;
    expect(mail.subject).toBe('Reset your Test Paste password');
    expect(mail.text).toContain('Hello bob');
    expect(mail.html).toContain('Reset Password</a>');
  });

  it('sends nothing to accounts that only have a placeholder address', async () => {
    await t.client().post('/api/register', {
      username: 'carol',
      password: 'password-123',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect((await forgot('carol@users.noreply.local')).status).toBe(200);
    await t.app.services.mail.settled();
    expect(sink.messages).toHaveLength(0);
  });

  it('needs an email address', async () => {
    expect((await forgot('  ')).body).toEqual({
      error: 'VALIDATION',
      message: ACCOUNT_MESSAGES.emailRequired,
      requestId: expect.any(String),
    });
    expect((await forgot('not-an-email')).body.message).toBe(ACCOUNT_MESSAGES.emailInvalid);
  });

  it('is rate-limited per address and per IP with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot('target@example.com')).status).toBe(200);
    const perEmail = await forgot('target@example.com');
    expect(perEmail.status).toBe(429);
    expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(0);

    let status = 200;
    for (let i = 0; i < 20 && status === 200; i++) status = (await forgot(`other${i}@example.com`)).status;
    expect(status).toBe(429);
  });

  it('fills a custom forgot-password template with escaped values', async () => {
    await t.app.services.settings.update({
      siteTitle: 'A & B',
      forgotPasswordTemplate: '<p>Hi {{username}} at {{SITE_NAME}}</p>{{resetButton}}<p>{{resetLink}}</p>',
    });
    await createUser(t, { username: 'dave', email: 'dave@example.com' });
    await forgot('dave@example.com');
    await t.app.services.mail.settled();
    const mail = await sink.waitForMessage();
    expect(mail.html).toContain('<p>Hi dave at A &amp; B</p><a href="http://127.0.0.1:');
    expect(mail.text).toContain('Hi dave at A & B');
    expect(mail.text).toMatch(/Reset Password: http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=/);
  });
});

describe('reset links and the Host header', () => {
  /** Asks for a reset as a client that sends its own Host header. */
  async function forgotWithHost(email: string, host: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { host, 'content-type': 'application/json' },
      payload: JSON.stringify({ email }),
    });
    expect(res.statusCode).toBe(200);
    await t.app.services.mail.settled();
  }

  it('links to the origin given at setup, whatever Host the request names', async () => {
    await createUser(t, { username: 'hal', email: 'hal@example.com' });
    await forgotWithHost('hal@example.com', 'evil.example');
    const link = linkIn((await sink.waitForMessage()).text, '/reset-password?token=');
    expect(link.startsWith(`${t.baseUrl}/reset-password?token=`)).toBe(true);
  });

  it('reads a bare host stored by older versions as https, not the Host header', async () => {
    await t.app.services.settings.update({ domain: 'paste.example.com' });
    await createUser(t, { username: 'ivy', email: 'ivy@example.com' });
    await forgotWithHost('ivy@example.com', 'evil.example');
    const link = linkIn((await sink.waitForMessage()).text, '/reset-password?token=');
    expect(link).toMatch(/^https:\/\/paste\.example\.com\/reset-password\?token=/);
  });

  it('sends no link at all when no origin is configured', async () => {
    await t.app.services.settings.update({ domain: '' });
    await createUser(t, { username: 'jon', email: 'jon@example.com' });
    await forgotWithHost('jon@example.com', 'evil.example');
    expect(sink.messages).toHaveLength(0);
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, and works once', async () => {
    const u = await createUser(t, { username: 'erin', email: 'erin@example.com' });
    const phone = await loginClient(t, 'erin', u.plainPassword);
    const laptop = await loginClient(t, 'erin', u.plainPassword);
    const token = await requestToken('erin@example.com');

    const short = await t.client().post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters long');

    const ok = await t.client().post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' });
    expect(ok.status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect(
      await t.db.kysely.selectFrom('sessions').where('user_id', '=', u.id).selectAll().execute(),
    ).toHaveLength(0);

    expect((await login('erin', u.plainPassword)).status).toBe(401);
    expect((await login('erin', 'brand-new-pass')).status).toBe(200);

    const again = await t.client().post('/api/auth/reset-password', { token, newPassword: 'another-pass-1' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.resetFailed);
    expect((await login('erin', 'brand-new-pass')).status).toBe(200);
  });

  it('refuses a token older than 1 hour and accepts one just younger', async () => {
    await createUser(t, { username: 'fay', email: 'fay@example.com' });
    const old = await requestToken('fay@example.com');
    t.clock.advance(RESET_LINK_TTL_MS + 1000);
    const expired = await t
      .client()
      .post('/api/auth/reset-password', { token: old, newPassword: 'brand-new-pass' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(ACCOUNT_MESSAGES.resetFailed);

    sink.messages.length = 0;
    const fresh = await requestToken('fay@example.com');
    t.clock.advance(RESET_LINK_TTL_MS - 60_000);
    expect(
      (await t.client().post('/api/auth/reset-password', { token: fresh, newPassword: 'brand-new-pass' }))
        .status,
    ).toBe(200);
  });

  it('refuses unknown and empty tokens with the spec message', async () => {
    for (const token of ['', 'made-up-token']) {
      const res = await t.client().post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'VALIDATION',
        message: ACCOUNT_MESSAGES.resetFailed,
        requestId: expect.any(String),
      });
    }
  });

  it('counts the address as verified: following the link proves the mailbox is yours', async () => {
    await t.app.services.settings.update({ requireEmailVerification: true });
    await createUser(t, { username: 'gus', email: 'gus@example.com', emailVerified: false });
    const token = await requestToken('gus@example.com');
    await t.client().post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' });
    expect((await login('gus', 'brand-new-pass')).status).toBe(200);
  });
});
