import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { linkIn, useSmtpSink, withSmtpSinkApp } from '../../../../test/helpers/factories.js';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { createUser, loginClient } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN, VERIFICATION_LINK_TTL_MS } from '../../../common/constants.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';
import { deleteExpiredEmailTokens } from './email-tokens.repository.js';

const { t, sink } = withSmtpSinkApp();
beforeEach(async () => {
  await t.app.services.settings.update({ requireEmailVerification: true });
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function register(c: HttpClient, username = 'alice', email = 'alice@example.com') {
  return c.post('/api/register', {
    username,
    email,
    password: 'password-123',
    captchaToken: CAPTCHA_BYPASS_TOKEN,
  });
}

/** Registers and returns the path of the verification link from the received mail. */
async function registerAndGetLink(username = 'alice', email = 'alice@example.com'): Promise<string> {
  const res = await register(t.client(), username, email);
  expect(res.status).toBe(201);
  const mail = await sink.waitForMessage((m) => m.envelope.to.includes(email));
  return new URL(linkIn(mail.text, '/api/verify-email/')).pathname;
}

/** Follows a verification link and returns the query of the page it redirects to. */
async function follow(path: string): Promise<URLSearchParams> {
  const res = await t.client().get(path);
  expect(res.status).toBe(302);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const location = new URL(res.headers.get('location')!, t.baseUrl);
  expect(location.pathname).toBe('/verify-email-success');
  return location.searchParams;
}

const login = (password = 'password-123') =>
  t.client().post('/api/login', { username: 'alice', password, captchaToken: CAPTCHA_BYPASS_TOKEN });

describe('email verification through a real SMTP server', () => {
  it('sends the link, verifies once, and reveals the new API key once through the code', async () => {
    const res = await register(t.client());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ requiresVerification: true, verificationEmailSent: true });

    const mail = await sink.waitForMessage((m) => m.envelope.to.includes('alice@example.com'));
    expect(mail.subject).toBe('Verify your email for Test Paste');
    expect(mail.secured).toBe(true);
    const link = linkIn(mail.text, '/api/verify-email/');
    expect(link.startsWith(`${t.baseUrl}/api/verify-email/`)).toBe(true);
    expect(mail.html).toContain('alice@example.com');
    expect(mail.html).toContain(`href="${link}"`);

    const token = link.split('/').pop()!;
    const stored = await t.db.kysely.selectFrom('email_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ token_hash: sha256(token), purpose: 'verify-email', used_at: null });
    expect(Number(stored[0]!.expires_at) - Number(stored[0]!.created_at)).toBe(VERIFICATION_LINK_TTL_MS);

    expect((await login()).status).toBe(403);

    const query = await follow(new URL(link).pathname);
    const code = query.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.has('apiKey')).toBe(false);

    const reveal = await t.client().post('/api/auth/reveal-api-key', { code });
    expect(reveal.status).toBe(200);
    expect(reveal.headers.get('cache-control')).toBe('no-store');
    expect(reveal.body.username).toBe('alice');
    const apiKey: string = reveal.body.apiKey;
    expect(apiKey).toMatch(/^pb_[A-Za-z0-9_-]{32}$/);

    const again = await t.client().post('/api/auth/reveal-api-key', { code });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.revealInvalid);

    // Only hashes (and a ciphertext) at rest: neither the key nor the code is readable from the DB.
    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(user.api_key_hash).toBe(sha256(apiKey));
    expect(user.email_verified).toBe(1);
    const dump = JSON.stringify(await t.db.kysely.selectFrom('email_tokens').selectAll().execute());
    expect(dump).not.toContain(apiKey);
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(token);

    const ok = await login();
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ emailVerified: true, hasApiKey: true });
    const c = await loginClient(t, 'alice', 'password-123');
    expect((await c.get('/api/user/api-key')).body).toEqual({
      hasApiKey: true,
      hint: `pb_…${apiKey.slice(-4)}`,
    });

    const reuse = await follow(new URL(link).pathname);
    expect(reuse.get('error')).toBe(ACCOUNT_MESSAGES.usedVerificationLink);
  });

  it('accepts the link until 24 hours and refuses it after', async () => {
    const path = await registerAndGetLink();
    t.clock.advance(VERIFICATION_LINK_TTL_MS + 1000);
    expect((await follow(path)).get('error')).toBe(ACCOUNT_MESSAGES.expiredVerificationLink);
    expect((await login()).status).toBe(403);

    const fresh = await registerAndGetLink('bob', 'bob@example.com');
    t.clock.advance(VERIFICATION_LINK_TTL_MS - 60_000);
    expect((await follow(fresh)).get('code')).toBeTruthy();
  });

  it('does not use the token up on a HEAD probe (link scanners)', async () => {
    const path = await registerAndGetLink();
    const head = await t.client().request('HEAD', path);
    expect(head.status).not.toBe(302);
    expect((await follow(path)).get('code')).toBeTruthy();
  });

  it('sweeps expired tokens but keeps used ones until they expire', async () => {
    const path = await registerAndGetLink();
    await follow(path);
    const count = async () => (await t.db.kysely.selectFrom('email_tokens').selectAll().execute()).length;
    expect(await count()).toBe(2);
    expect(await deleteExpiredEmailTokens(t.db.kysely, t.clock.now())).toBe(0);
    t.clock.advance(VERIFICATION_LINK_TTL_MS);
    expect(await deleteExpiredEmailTokens(t.db.kysely, t.clock.now())).toBe(2);
    expect(await count()).toBe(0);
  });

  it('redirects an unknown token to the page with "Invalid verification link"', async () => {
    const query = await follow('/api/verify-email/not-a-real-token');
    expect(query.get('error')).toBe('Invalid verification link');
  });

  it('lets the reveal code expire after 10 minutes', async () => {
    const code = (await follow(await registerAndGetLink())).get('code')!;
    t.clock.advance(10 * 60 * 1000 + 1000);
    const res = await t.client().post('/api/auth/reveal-api-key', { code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.revealInvalid);
  });

  it('refuses to reveal a key that was replaced in the meantime', async () => {
    const code = (await follow(await registerAndGetLink())).get('code')!;
    const c = await loginClient(t, 'alice', 'password-123');
    expect((await c.post('/api/user/regenerate-api-key')).status).toBe(200);
    const res = await t.client().post('/api/auth/reveal-api-key', { code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.revealReplaced);
  });

  it('verifies without creating a key while API keys are disabled', async () => {
    await t.app.services.settings.update({ enableApiKeys: false });
    const query = await follow(await registerAndGetLink());
    expect(query.get('status')).toBe('verified');
    expect(query.has('code')).toBe(false);
    expect((await login()).body).toMatchObject({ emailVerified: true, hasApiKey: false });
  });

  it('fills a custom template with escaped values and uses the domain setting for links', async () => {
    await t.app.services.settings.update({
      siteTitle: '<b>Evil</b> & Co',
      domain: 'https://paste.example.org/',
      emailVerificationSubject: 'Hi {{USERNAME}}, welcome to {{ SITE_NAME }}',
      emailVerificationTemplate:
        '<p>{{SITE_NAME}} for {{USER_EMAIL}}</p><p>{{VERIFY_BUTTON}}</p><p>{{UNKNOWN}}</p>',
    });
    await register(t.client());
    const mail = await sink.waitForMessage();
    expect(mail.subject).toBe('Hi alice, welcome to <b>Evil</b> & Co');
    expect(mail.html).toContain('<p>&lt;b&gt;Evil&lt;/b&gt; &amp; Co for alice@example.com</p>');
    expect(mail.html).toContain('<a href="https://paste.example.org/api/verify-email/');
    expect(mail.html).toContain('{{UNKNOWN}}');
    expect(mail.text).toContain('<b>Evil</b> & Co for alice@example.com');
    expect(mail.text).toMatch(/Verify Email: https:\/\/paste\.example\.org\/api\/verify-email\/\S+/);
  });
});

describe('when the mail provider fails', () => {
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    await new Promise<void>((r) => server.close(() => r()));
    return port;
  }

  it('keeps the account, says the mail could not be sent, and a resend works later', async () => {
    await useSmtpSink(t, sink, { smtpPort: await closedPort() });
    const res = await register(t.client());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: ACCOUNT_MESSAGES.verificationMailFailed,
      requiresVerification: true,
      verificationEmailSent: false,
    });
    expect(
      await t.db.kysely.selectFrom('users').where('username', '=', 'alice').selectAll().execute(),
    ).toHaveLength(1);

    await useSmtpSink(t, sink);
    const resend = await t.client().post('/api/auth/resend-verification', { username: 'Alice' });
    expect(resend.status).toBe(200);
    expect(resend.body.message).toBe(ACCOUNT_MESSAGES.verificationResent);
    await t.app.services.mail.settled();
    const mail = await sink.waitForMessage();
    expect(
      (await follow(new URL(linkIn(mail.text, '/api/verify-email/')).pathname)).get('code'),
    ).toBeTruthy();
    expect((await login()).status).toBe(200);
  });

  it('keeps the account when no provider is configured at all', async () => {
    await t.app.services.settings.update({ emailProvider: 'none' });
    const res = await register(t.client());
    expect(res.status).toBe(201);
    expect(res.body.verificationEmailSent).toBe(false);
  });
});

describe('resend verification', () => {
  it('answers the same for unknown, verified and waiting accounts, and mails only the waiting one', async () => {
    await register(t.client());
    await sink.waitForMessage();
    sink.messages.length = 0;
    const verified = await createUser(t, { email: 'verified@example.com' });

    const answers = [];
    for (const body of [
      { username: 'ghost' },
      { username: verified.username },
      { email: 'nobody@example.com' },
    ]) {
      answers.push(await t.client().post('/api/auth/resend-verification', body));
    }
    const waiting = await t.client().post('/api/auth/resend-verification', { email: 'ALICE@example.com' });
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(waiting.body);
    }
    await t.app.services.mail.settled();
    expect(sink.messages.map((m) => m.envelope.to)).toEqual([['alice@example.com']]);
  });

  it('makes older links stop working when a new one is sent', async () => {
    const first = await registerAndGetLink();
    sink.messages.length = 0;
    await t.client().post('/api/auth/resend-verification', { username: 'alice' });
    await t.app.services.mail.settled();
    expect((await follow(first)).get('error')).toBe('Invalid verification link');
    const second = new URL(linkIn((await sink.waitForMessage()).text, '/api/verify-email/')).pathname;
    expect((await follow(second)).get('code')).toBeTruthy();
  });

  it('needs a username or email and is rate-limited per account', async () => {
    const blank = await t.client().post('/api/auth/resend-verification', {});
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(ACCOUNT_MESSAGES.usernameOrEmailRequired);
    const c = t.client();
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/auth/resend-verification', { username: 'x1' })).status).toBe(200);
    const limited = await c.post('/api/auth/resend-verification', { username: 'x1' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
