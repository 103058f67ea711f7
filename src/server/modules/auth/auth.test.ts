import { describe, expect, it } from 'vitest';
import { createUser, loginClient, withTestApp } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';
import { REGISTER_MESSAGES } from '../../../common/messages.js';

const t = withTestApp();

const reg = (over: Record<string, unknown> = {}) => ({
  username: 'alice',
  email: '',
  password: 'password-123',
  captchaToken: CAPTCHA_BYPASS_TOKEN,
  ...over,
});

describe('registration', () => {
  it('creates a user with a placeholder email when verification is off, who can then log in', async () => {
    const c = t.client();
    const res = await c.post('/api/register', reg({ username: 'Alice_1' }));
    expect(res.status).toBe(201);
    expect(res.body.requiresVerification).toBe(false);
    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'Alice_1')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('alice_1@users.noreply.local');
    expect(row.role).toBe('user');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.registration_ip).toBe('127.0.0.1');

    const login = await c.post('/api/login', {
      username: 'alice_1',
      password: 'password-123',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: 'Alice_1', role: 'user', hasApiKey: false });
    expect(login.body).not.toHaveProperty('password_hash');
    expect(JSON.stringify(login.body)).not.toContain('argon2');
  });

  it.each([
    [{ username: '' }, REGISTER_MESSAGES.fillAllFields],
    [{ password: '' }, REGISTER_MESSAGES.fillAllFields],
    [{ password: 'short' }, REGISTER_MESSAGES.passwordTooShort],
    [{ password: 'x'.repeat(31) }, REGISTER_MESSAGES.passwordTooLong],
    [{ username: 'ab' }, REGISTER_MESSAGES.usernameTooShort],
    [{ username: 'a'.repeat(31) }, REGISTER_MESSAGES.usernameTooLong],
    [{ username: 'bad name' }, REGISTER_MESSAGES.usernameCharacters],
    [{ username: 'bad<b>' }, REGISTER_MESSAGES.usernameCharacters],
    [{ username: 'both_kinds-here' }, REGISTER_MESSAGES.usernameMixedSeparators],
  ])('refuses %j with the spec message and stores nothing', async (over, message) => {
    const res = await t.client().post('/api/register', reg(over));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'VALIDATION', message, requestId: expect.any(String) });
    const users = await t.db.kysely.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['admin']);
  });

  it('requires a captcha token', async () => {
    const res = await t.client().post('/api/register', reg({ captchaToken: '' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please complete the captcha verification');
  });

  it('refuses wrong types and unknown-shaped bodies with a 400 naming the field', async () => {
    const res = await t.client().post('/api/register', reg({ username: 42 }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION');
    expect(res.body.message).toMatch(/username/);
  });

  it('never takes a role or other privileged field from the body', async () => {
    const res = await t
      .client()
      .post('/api/register', reg({ username: 'mallory', role: 'admin', email_verified: 1, id: 1 }));
    expect(res.status).toBe(201);
    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'mallory')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    expect(row.id).not.toBe(1);
  });

  it('treats usernames case-insensitively', async () => {
    expect((await t.client().post('/api/register', reg({ username: 'Bob' }))).status).toBe(201);
    const dup = await t.client().post('/api/register', reg({ username: 'bOB' }));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(REGISTER_MESSAGES.usernameTaken);
  });

  it('asks for an email when verification is required', async () => {
    await t.app.services.settings.update({ requireEmailVerification: true });
    const missing = await t.client().post('/api/register', reg({ email: '' }));
    expect(missing.body.message).toBe(REGISTER_MESSAGES.fillAllFields);
    const bad = await t.client().post('/api/register', reg({ email: 'not-an-email' }));
    expect(bad.body.message).toBe(REGISTER_MESSAGES.emailInvalid);
    const ok = await t.client().post('/api/register', reg({ email: 'Alice@Example.com' }));
    expect(ok.status).toBe(201);
    expect(ok.body.requiresVerification).toBe(true);
    const login = await t.client().post('/api/login', {
      username: 'alice',
      password: 'password-123',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('EMAIL_NOT_VERIFIED');
  });

  it('limits the accounts created per IP, not the mistakes, with Retry-After', async () => {
    const c = t.client();
    for (let i = 0; i < 12; i++) {
      const r = await c.post('/api/register', reg({ username: `u${i}xx`, password: 'short' }));
      expect(r.status).toBe(400);
    }
    for (let i = 0; i < 10; i++)
      expect((await c.post('/api/register', reg({ username: `made${i}` }))).status).toBe(201);
    const limited = await c.post('/api/register', reg({ username: 'another' }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      await t.db.kysely.selectFrom('users').where('username', '=', 'another').selectAll().execute(),
    ).toHaveLength(0);
  });
});

describe('login, sessions and logout', () => {
  it('answers unknown users and wrong passwords alike', async () => {
    const u = await createUser(t);
    const wrong = await t.client().post('/api/login', {
      username: u.username,
      password: 'nope-nope',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    const unknown = await t
      .client()
      .post('/api/login', { username: 'ghost', password: 'nope-nope', captchaToken: CAPTCHA_BYPASS_TOKEN });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // Alike but for the id of each request.
    expect({ ...wrong.body, requestId: '' }).toEqual({ ...unknown.body, requestId: '' });
    expect(wrong.body.message).toBe('Invalid username or password');
  });

  it('sets an HttpOnly SameSite=Lax session cookie holding no user data, stored only as a hash', async () => {
    const u = await createUser(t);
    const c = t.client();
    const res = await c.post('/api/login', {
      username: u.username,
      password: u.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith('pasteshare_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const token = c.cookie('pasteshare_session')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const rows = await t.db.kysely.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).not.toContain(token);
    expect((await c.get('/api/user')).body.username).toBe(u.username);
  });

  it('issues a new session id at each login and ends the session on logout', async () => {
    const u = await createUser(t);
    const c = await loginClient(t, u.username, u.plainPassword);
    const first = c.cookie('pasteshare_session')!;
    await c.post('/api/login', {
      username: u.username,
      password: u.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    const second = c.cookie('pasteshare_session')!;
    expect(second).not.toBe(first);

    const stolen = t.client();
    stolen.setCookie('pasteshare_session', first);
    expect((await stolen.get('/api/user')).status).toBe(401);

    const out = await c.post('/api/logout');
    expect(out.status).toBe(200);
    expect(c.cookie('pasteshare_session')).toBeUndefined();
    const replay = t.client();
    replay.setCookie('pasteshare_session', second);
    expect((await replay.get('/api/user')).status).toBe(401);
    expect(await t.db.kysely.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('expires sessions after their lifetime', async () => {
    const u = await createUser(t);
    const c = await loginClient(t, u.username, u.plainPassword);
    t.clock.advance(t.config.session.ttlMs + 1000);
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('answers 401 on /api/user for visitors', async () => {
    const res = await t.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });

  it('slows failures on a username down without locking its owner out, and blocks an IP hard', async () => {
    const u = await createUser(t);
    const c = t.client();
    for (let i = 0; i < 10; i++) {
      await c.post('/api/login', {
        username: u.username,
        password: 'wrong-pass',
        captchaToken: CAPTCHA_BYPASS_TOKEN,
      });
    }
    const owner = await c.post('/api/login', {
      username: u.username,
      password: u.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(owner.status).toBe(200);
    expect(t.clock.sleeps.length).toBeGreaterThan(0);

    // Other usernames from the same IP: the per-IP budget (30) runs out.
    let limited = owner;
    for (let i = 0; i < 25 && limited.status !== 429; i++) {
      limited = await c.post('/api/login', {
        username: `other${i}`,
        password: 'x-x-x-x-x',
        captchaToken: CAPTCHA_BYPASS_TOKEN,
      });
    }
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('requires the captcha token on login', async () => {
    const u = await createUser(t);
    const res = await t.client().post('/api/login', { username: u.username, password: u.plainPassword });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please complete the captcha verification');
  });
});
