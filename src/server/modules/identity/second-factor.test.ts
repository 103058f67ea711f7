import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createUser, loginClient, type TestApp, withTestApp } from '../../../../test/helpers/test-app.js';
import {
  CAPTCHA_BYPASS_TOKEN,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CHALLENGE_TTL_MS,
} from '../../../common/constants.js';
import { SECOND_FACTOR_MESSAGES } from '../../../common/messages.js';

const t = withTestApp();

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
/** The next 30-second step: a code of the step just used is refused as a replay. */
const nextStep = (app: TestApp) => app.clock.advance(30_000);

async function enrolled(app: TestApp) {
  const user = await createUser(app);
  const c = await loginClient(app, user.username, user.plainPassword);
  const started = await c.post('/api/account/second-factor/totp', {});
  expect(started.status).toBe(200);
  const { secret } = started.body;
  const confirmed = await c.post('/api/account/second-factor/totp/confirm', {
    code: codeAt(secret, app.clock.now()),
  });
  expect(confirmed.status).toBe(200);
  nextStep(app);
  return {
    user,
    secret: secret as string,
    recoveryCodes: confirmed.body.recoveryCodes as string[],
    session: c,
  };
}

const login = (app: TestApp, user: { username: string; plainPassword: string }) => {
  const c = app.client();
  return c
    .post('/api/login', {
      username: user.username,
      password: user.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    })
    .then((res) => ({ c, res }));
};

describe('TOTP enrolment', () => {
  it('shows the secret once, turns on only after a right code, and hands out ten recovery codes', async () => {
    const user = await createUser(t);
    const c = await loginClient(t, user.username, user.plainPassword);
    const started = await c.post('/api/account/second-factor/totp', {});
    expect(started.status).toBe(200);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.otpauthUri).toContain(`secret=${started.body.secret}`);
    expect(started.body.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect((await c.get('/api/account/second-factor')).body).toEqual({ totp: false, recoveryCodesLeft: 0 });

    const wrong = await c.post('/api/account/second-factor/totp/confirm', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(SECOND_FACTOR_MESSAGES.invalidCode);
    expect((await c.get('/api/account/second-factor')).body.totp).toBe(false);

    const ok = await c.post('/api/account/second-factor/totp/confirm', {
      code: codeAt(started.body.secret, t.clock.now()),
    });
    expect(ok.status).toBe(200);
    const codes: string[] = ok.body.recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await c.get('/api/account/second-factor')).body).toEqual({ totp: true, recoveryCodesLeft: 10 });

    // Only hashes are stored.
    const rows = await t.db.kysely
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) expect(stored).not.toContain(code.replace('-', ''));

    // A second enrolment is refused while one is on.
    expect((await c.post('/api/account/second-factor/totp', {})).status).toBe(409);
  });

  it('is refused to visitors and to API keys', async () => {
    expect((await t.client().post('/api/account/second-factor/totp', {})).status).toBe(401);
    expect((await t.client().get('/api/account/second-factor')).status).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('starts no session after the password; the right code does, once', async () => {
    const { user, secret } = await enrolled(t);
    const { c, res } = await login(t, user);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ secondFactorRequired: true, methods: ['totp', 'recovery'] });
    expect((await c.get('/api/user')).status).toBe(401);

    const wrong = await c.post('/api/auth/second-factor', { code: '123456' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(SECOND_FACTOR_MESSAGES.invalidCode);
    expect((await c.get('/api/user')).status).toBe(401);

    const code = codeAt(secret, t.clock.now());
    const ok = await c.post('/api/auth/second-factor', { code });
    expect(ok.status).toBe(200);
    expect(ok.body.username).toBe(user.username);
    expect((await c.get('/api/user')).body.username).toBe(user.username);

    // The same code cannot be used again within its window, by anyone.
    const other = await login(t, user);
    const replay = await other.c.post('/api/auth/second-factor', { code });
    expect(replay.status).toBe(401);
    expect((await other.c.get('/api/user')).status).toBe(401);
    nextStep(t);
    const fresh = await other.c.post('/api/auth/second-factor', { code: codeAt(secret, t.clock.now()) });
    expect(fresh.status).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const { user, recoveryCodes } = await enrolled(t);
    const first = await login(t, user);
    // As typed: upper case, spaces instead of the hyphen.
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    expect((await first.c.post('/api/auth/second-factor', { code: typed })).status).toBe(200);
    expect((await first.c.get('/api/account/second-factor')).body.recoveryCodesLeft).toBe(9);

    const again = await login(t, user);
    expect((await again.c.post('/api/auth/second-factor', { code: recoveryCodes[3] })).status).toBe(401);
    expect((await again.c.get('/api/user')).status).toBe(401);
  });

  it('refuses a code without a waiting sign-in, and after the challenge expired', async () => {
    const { user, secret } = await enrolled(t);
    const stranger = await t
      .client()
      .post('/api/auth/second-factor', { code: codeAt(secret, t.clock.now()) });
    expect(stranger.status).toBe(401);
    expect(stranger.body.message).toBe(SECOND_FACTOR_MESSAGES.noChallenge);

    const { c } = await login(t, user);
    t.clock.advance(SECOND_FACTOR_CHALLENGE_TTL_MS + 1);
    const late = await c.post('/api/auth/second-factor', { code: codeAt(secret, t.clock.now()) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(SECOND_FACTOR_MESSAGES.noChallenge);
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('limits code attempts per account: after ten, even the right code waits', async () => {
    const { user, secret } = await enrolled(t);
    const { c } = await login(t, user);
    // The enrolment's code was the first of the ten.
    for (let i = 0; i < 9; i++)
      expect((await c.post('/api/auth/second-factor', { code: '000000' })).status).toBe(401);
    const limited = await c.post('/api/auth/second-factor', { code: codeAt(secret, t.clock.now()) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await c.get('/api/user')).status).toBe(401);
  });
});

describe('turning TOTP off', () => {
  it('needs a valid code; then the password alone signs in again', async () => {
    const { user, secret, session } = await enrolled(t);
    const wrong = await session.post('/api/account/second-factor/disable', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect((await session.get('/api/account/second-factor')).body.totp).toBe(true);

    const ok = await session.post('/api/account/second-factor/disable', {
      code: codeAt(secret, t.clock.now()),
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ totp: false, recoveryCodesLeft: 0 });
    const { c, res } = await login(t, user);
    expect(res.body.username).toBe(user.username);
    expect((await c.get('/api/user')).status).toBe(200);
  });
});
