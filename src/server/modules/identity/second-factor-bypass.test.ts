import { describe, expect, it } from 'vitest';
import { linkIn, withSmtpSinkApp } from '../../../../test/helpers/factories.js';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { codeAt, enrolTotp, loginWithCode, nextStep } from '../../../../test/helpers/second-factor.js';
import { createUser, loginClient, type TestApp } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN, SECOND_FACTOR_FRESH_MS } from '../../../common/constants.js';
import { SECOND_FACTOR_MESSAGES } from '../../../common/messages.js';

/**
 * No way around the second factor: each action below must ask for a fresh code where the account
 * has one (without these checks each of them went through on the password or mailbox alone).
 */
const { t, sink } = withSmtpSinkApp();

async function enrolledUser(app: TestApp, opts: { emailVerified?: boolean } = {}) {
  const user = await createUser(app, opts);
  const c = await loginClient(app, user.username, user.plainPassword);
  const { secret, recoveryCodes } = await enrolTotp(app, c);
  return { user, secret, recoveryCodes, c };
}

/** A session whose last code is older than the freshness window. */
async function staleSession(app: TestApp) {
  const enrolled = await enrolledUser(app);
  const c = await loginWithCode(app, enrolled.user, enrolled.secret);
  app.clock.advance(SECOND_FACTOR_FRESH_MS + 1);
  return { ...enrolled, c };
}

const refusedForCode = (res: { status: number; body: any }) => {
  expect(res.status).toBe(403);
  expect(res.body.error).toBe('SECOND_FACTOR_REQUIRED');
  expect(res.body.message).toBe(SECOND_FACTOR_MESSAGES.stepUpRequired);
};

async function resetToken(email: string): Promise<string> {
  expect((await t.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
  await t.app.services.mail.settled();
  const mail = await sink.waitForMessage((m) => m.envelope.to.includes(email));
  return new URL(linkIn(mail.text, '/reset-password?token=')).searchParams.get('token')!;
}

const passwordLogin = (user: { username: string }, password: string) =>
  t.client().post('/api/login', { username: user.username, password, captchaToken: CAPTCHA_BYPASS_TOKEN });

describe('password reset of an account with a second factor', () => {
  it('asks for a code; the link still works once the code is given', async () => {
    const { user, secret } = await enrolledUser(t);
    const token = await resetToken(user.email);
    const newPassword = 'brand-new-pass-1';
    refusedForCode(await t.client().post('/api/auth/reset-password', { token, newPassword }));
    expect((await passwordLogin(user, newPassword)).status).toBe(401);

    const wrong = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword, secondFactorCode: '000000' });
    expect(wrong.status).toBe(401);
    expect((await passwordLogin(user, newPassword)).status).toBe(401);

    const ok = await t.client().post('/api/auth/reset-password', {
      token,
      newPassword,
      secondFactorCode: codeAt(secret, t.clock.now()),
    });
    expect(ok.status).toBe(200);
    // The reset signs nobody in: the new password still leads to the code.
    const after = await passwordLogin(user, newPassword);
    expect(after.body).toEqual({ secondFactorRequired: true, methods: ['totp', 'recovery'] });
  });

  it('takes a recovery code too', async () => {
    const { user, recoveryCodes } = await enrolledUser(t);
    const token = await resetToken(user.email);
    const ok = await t.client().post('/api/auth/reset-password', {
      token,
      newPassword: 'brand-new-pass-2',
      secondFactorCode: recoveryCodes[0],
    });
    expect(ok.status).toBe(200);
  });

  it('is unchanged for an account without one', async () => {
    const user = await createUser(t);
    const token = await resetToken(user.email);
    const ok = await t.client().post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass-3' });
    expect(ok.status).toBe(200);
  });
});

describe('actions of a signed-in account with a second factor', () => {
  const cases: [string, (c: HttpClient, extra: object) => Promise<{ status: number; body: any }>][] = [
    [
      'changing the email address',
      (c, extra) =>
        c.post('/api/user/change-email', {
          email: `new${Math.random().toString(36).slice(2)}@example.com`,
          currentPassword: 'password-123',
          ...extra,
        }),
    ],
    ['making a new API key', (c, extra) => c.post('/api/user/regenerate-api-key', { ...extra })],
    [
      'making a personal access token',
      async (c, extra) => {
        await t.app.services.settings.update({ enableAccessTokens: true });
        return c.post('/api/account/tokens', { name: 'ci', scopes: ['pastes:read'], ...extra });
      },
    ],
    ['linking an OpenID Connect provider', (c, extra) => c.post('/api/auth/oidc/corp/link', { ...extra })],
    [
      'linking a directory',
      (c, extra) => c.post('/api/auth/ldap/corp/link', { username: 'x', password: 'y', ...extra }),
    ],
  ];

  for (const [what, call] of cases) {
    it(`${what}: needs a code once the sign-in's check is older than the window`, async () => {
      const { c, secret } = await staleSession(t);
      refusedForCode(await call(c, {}));
      const wrong = await call(c, { secondFactorCode: '000000' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(SECOND_FACTOR_MESSAGES.invalidCode);
      // With the code, the action goes on (the providers here do not exist: past the check, 404).
      const ok = await call(c, { secondFactorCode: codeAt(secret, t.clock.now()) });
      expect(ok.status).not.toBe(403);
      expect(ok.status).not.toBe(401);
      // That code makes the session fresh again for the window.
      nextStep(t);
      expect((await call(c, {})).status).not.toBe(403);
    });
  }

  it('a fresh sign-in with the code needs no second code', async () => {
    const { user, secret } = await enrolledUser(t);
    const c = await loginWithCode(t, user, secret);
    expect((await c.post('/api/user/regenerate-api-key', {})).status).toBe(200);
  });

  it('an account without a second factor is asked for nothing', async () => {
    const user = await createUser(t);
    const c = await loginClient(t, user.username, user.plainPassword);
    t.clock.advance(SECOND_FACTOR_FRESH_MS + 1);
    expect((await c.post('/api/user/regenerate-api-key', {})).status).toBe(200);
  });
});

describe('the API key handed out at email verification', () => {
  it('is not made for an account with a second factor (the mailbox alone would get it)', async () => {
    const { user } = await enrolledUser(t, { emailVerified: false });
    await t.app.services.settings.update({ requireEmailVerification: true });
    await t.client().post('/api/auth/resend-verification', { username: user.username });
    await t.app.services.mail.settled();
    const mail = await sink.waitForMessage((m) => m.envelope.to.includes(user.email));
    const link = new URL(linkIn(mail.text, '/api/verify-email/'));
    const res = await t.client().get(link.pathname);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/verify-email-success?status=verified');
    const row = await t.db.kysely
      .selectFrom('users')
      .select(['api_key_hash', 'email_verified'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ api_key_hash: null, email_verified: 1 });
  });
});
