import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { enrolTotp } from '../../../../test/helpers/second-factor.js';
import { SoftwareAuthenticator } from '../../../../test/helpers/software-authenticator.js';
import {
  ADMIN,
  createUser,
  loginClient,
  type TestApp,
  withTestApp,
} from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN, SECOND_FACTOR_FRESH_MS } from '../../../common/constants.js';
import { PASSKEY_MESSAGES } from '../../../common/messages.js';

const t = withTestApp();

async function addPasskey(c: HttpClient, authenticator: SoftwareAuthenticator, name = 'Laptop') {
  const options = await c.post('/api/account/passkeys/registration-options', {});
  expect(options.status).toBe(200);
  const added = await c.post('/api/account/passkeys', {
    name,
    response: authenticator.register(options.body),
  });
  expect(added.status).toBe(201);
  return added.body.passkey as { id: number; name: string };
}

/** An account with one passkey on a software authenticator, and its signed-in client. */
async function withPasskey(app: TestApp) {
  const user = await createUser(app);
  const session = await loginClient(app, user.username, user.plainPassword);
  const authenticator = new SoftwareAuthenticator(app.baseUrl);
  const passkey = await addPasskey(session, authenticator);
  return { user, session, authenticator, passkey };
}

async function signInWithPasskey(c: HttpClient, authenticator: SoftwareAuthenticator, opts = {}) {
  const options = await c.post('/api/auth/passkeys/sign-in-options', {});
  expect(options.status).toBe(200);
  return c.post('/api/auth/passkeys/sign-in', { response: authenticator.authenticate(options.body, opts) });
}

const passwordLogin = (c: HttpClient, user: { username: string; plainPassword: string }) =>
  c.post('/api/login', {
    username: user.username,
    password: user.plainPassword,
    captchaToken: CAPTCHA_BYPASS_TOKEN,
  });

describe('registering passkeys', () => {
  it('lists several named passkeys, renames and removes them; never shows the key', async () => {
    const { session, authenticator, passkey } = await withPasskey(t);
    const second = await addPasskey(session, authenticator, 'Phone');
    const listed = await session.get('/api/account/passkeys');
    expect(listed.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(listed.body.passkeys[0]).toMatchObject({ transports: ['internal'], lastUsedAt: null });
    expect(listed.text).not.toContain(authenticator.passkeys[0]!.credentialId.toString('base64url'));

    const renamed = await session.request('PATCH', `/api/account/passkeys/${passkey.id}`, {
      name: ' Work laptop ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey.name).toBe('Work laptop');
    expect((await session.request('PATCH', `/api/account/passkeys/${passkey.id}`, { name: '' })).status).toBe(
      400,
    );

    // Just registered: the session's check is fresh, so removal needs nothing more.
    expect((await session.delete(`/api/account/passkeys/${second.id}`)).status).toBe(200);
    expect((await session.get('/api/account/passkeys')).body.passkeys).toHaveLength(1);
    expect((await session.delete(`/api/account/passkeys/${second.id}`)).status).toBe(404);
  });

  it("cannot touch another person's passkey", async () => {
    const { passkey } = await withPasskey(t);
    const other = await createUser(t);
    const c = await loginClient(t, other.username, other.plainPassword);
    expect((await c.request('PATCH', `/api/account/passkeys/${passkey.id}`, { name: 'mine' })).status).toBe(
      404,
    );
    expect((await c.delete(`/api/account/passkeys/${passkey.id}`)).status).toBe(404);
  });

  it('refuses an answer made for another origin, and a registration challenge used twice', async () => {
    const user = await createUser(t);
    const c = await loginClient(t, user.username, user.plainPassword);
    const authenticator = new SoftwareAuthenticator(t.baseUrl);
    const options = (await c.post('/api/account/passkeys/registration-options', {})).body;
    const evil = authenticator.register(options, { origin: 'https://evil.example' });
    const refused = await c.post('/api/account/passkeys', { name: 'x', response: evil });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PASSKEY_MESSAGES.notVerified);
    // The refused answer used its challenge up: a good one for it is refused too.
    const again = await c.post('/api/account/passkeys', {
      name: 'x',
      response: authenticator.register(options),
    });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(PASSKEY_MESSAGES.noCeremony);
    expect((await c.get('/api/account/passkeys')).body.passkeys).toHaveLength(0);
  });

  it('needs a fresh second factor to add a passkey to an account that has one', async () => {
    const { session, authenticator } = await withPasskey(t);
    t.clock.advance(SECOND_FACTOR_FRESH_MS + 1000);
    const stale = await session.post('/api/account/passkeys/registration-options', {});
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe('SECOND_FACTOR_REQUIRED');
    // A passkey's step-up makes the session fresh again.
    const options = (await session.post('/api/account/passkeys/step-up-options', {})).body;
    const up = await session.post('/api/account/passkeys/step-up', {
      response: authenticator.authenticate(options),
    });
    expect(up.status).toBe(200);
    await addPasskey(session, authenticator, 'Second');
  });
});

describe('signing in with a passkey alone', () => {
  it('starts a fresh session for the passkey that answered; the use is recorded', async () => {
    const { user, authenticator } = await withPasskey(t);
    const c = t.client();
    const res = await signInWithPasskey(c, authenticator);
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(user.username);
    expect((await c.get('/api/user')).body.username).toBe(user.username);
    expect((await c.get('/api/account/passkeys')).body.passkeys[0].lastUsedAt).not.toBeNull();
    // Both factors in one: an action that needs a fresh check passes without a code.
    const [stored] = (await c.get('/api/account/passkeys')).body.passkeys;
    expect((await c.delete(`/api/account/passkeys/${stored.id}`)).status).toBe(200);
  });

  it('takes each challenge once: the same answer again is refused', async () => {
    const { authenticator } = await withPasskey(t);
    const c = t.client();
    const options = (await c.post('/api/auth/passkeys/sign-in-options', {})).body;
    const answer = authenticator.authenticate(options);
    expect((await c.post('/api/auth/passkeys/sign-in', { response: answer })).status).toBe(200);
    const replay = await t.client().post('/api/auth/passkeys/sign-in', { response: answer });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(PASSKEY_MESSAGES.noCeremony);
  });

  it('refuses another origin, an unknown passkey, a counter that went back, and no user verification', async () => {
    const { authenticator } = await withPasskey(t);
    const c = t.client();

    const wrongOrigin = await signInWithPasskey(c, authenticator, { origin: 'https://evil.example' });
    expect(wrongOrigin.status).toBe(401);
    expect(wrongOrigin.body.message).toBe(PASSKEY_MESSAGES.notVerified);

    const stranger = new SoftwareAuthenticator(t.baseUrl);
    stranger.register({ challenge: 'unused', user: { id: 'x' } });
    const unknown = await signInWithPasskey(c, stranger);
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(PASSKEY_MESSAGES.unknown);

    expect((await signInWithPasskey(t.client(), authenticator, { counter: 5 })).status).toBe(200);
    // A clone of the authenticator, its counter behind the one stored.
    const cloned = await signInWithPasskey(c, authenticator, { counter: 5 });
    expect(cloned.status).toBe(401);
    expect((await signInWithPasskey(c, authenticator, { counter: 4 })).status).toBe(401);
    expect((await signInWithPasskey(c, authenticator, { counter: 6 })).status).toBe(200);

    authenticator.verifiesUser = false;
    const presenceOnly = await signInWithPasskey(t.client(), authenticator);
    expect(presenceOnly.status).toBe(401);
  });

  it('refuses a challenge issued for another ceremony', async () => {
    const { session, authenticator } = await withPasskey(t);
    const stepUp = (await session.post('/api/account/passkeys/step-up-options', {})).body;
    const res = await t
      .client()
      .post('/api/auth/passkeys/sign-in', { response: authenticator.authenticate(stepUp) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.noCeremony);
  });
});

describe('a passkey as the second factor', () => {
  it('is asked for after the password, and completes the sign-in', async () => {
    const { user, authenticator } = await withPasskey(t);
    const c = t.client();
    const first = await passwordLogin(c, user);
    expect(first.body).toEqual({ secondFactorRequired: true, methods: ['passkey'] });
    expect((await c.get('/api/user')).status).toBe(401);

    // Without the waiting sign-in's cookie there is nothing to complete.
    expect((await t.client().post('/api/auth/passkeys/second-factor-options', {})).status).toBe(401);

    const options = (await c.post('/api/auth/passkeys/second-factor-options', {})).body;
    expect(options.allowCredentials).toHaveLength(1);
    const done = await c.post('/api/auth/passkeys/second-factor', {
      response: authenticator.authenticate(options),
    });
    expect(done.status).toBe(200);
    expect((await c.get('/api/user')).body.username).toBe(user.username);
  });

  it("refuses another account's passkey for the waiting sign-in", async () => {
    const { user } = await withPasskey(t);
    const other = await withPasskey(t);
    const c = t.client();
    await passwordLogin(c, user);
    const options = (await c.post('/api/auth/passkeys/second-factor-options', {})).body;
    const res = await c.post('/api/auth/passkeys/second-factor', {
      response: other.authenticator.authenticate(options),
    });
    expect(res.status).toBe(401);
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('sits beside TOTP: both are offered', async () => {
    const user = await createUser(t);
    const c = await loginClient(t, user.username, user.plainPassword);
    await enrolTotp(t, c);
    await addPasskey(c, new SoftwareAuthenticator(t.baseUrl));
    const res = await passwordLogin(t.client(), user);
    expect(res.body.methods).toEqual(['totp', 'recovery', 'passkey']);
  });

  it('limits wrong answers per account like codes', async () => {
    const { user, authenticator } = await withPasskey(t);
    const c = t.client();
    await passwordLogin(c, user);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const options = (await c.post('/api/auth/passkeys/second-factor-options', {})).body;
      const res = await c.post('/api/auth/passkeys/second-factor', {
        response: authenticator.authenticate(options, { origin: 'https://evil.example' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('removing a passkey', () => {
  it('needs a fresh second factor; a stale session is asked for one', async () => {
    const { session, authenticator, passkey } = await withPasskey(t);
    t.clock.advance(SECOND_FACTOR_FRESH_MS + 1000);
    const stale = await session.delete(`/api/account/passkeys/${passkey.id}`);
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe('SECOND_FACTOR_REQUIRED');
    expect((await session.get('/api/account/passkeys')).body.passkeys).toHaveLength(1);

    const options = (await session.post('/api/account/passkeys/step-up-options', {})).body;
    await session.post('/api/account/passkeys/step-up', { response: authenticator.authenticate(options) });
    expect((await session.delete(`/api/account/passkeys/${passkey.id}`)).status).toBe(200);
    // The last passkey gone, a password alone signs in again.
    expect(
      (
        await passwordLogin(t.client(), {
          ...(
            await session.get('/api/user')
          ).body,
          plainPassword: 'password-123',
        })
      ).body.secondFactorRequired,
    ).toBeUndefined();
  });
});

describe('backups', () => {
  it('carry passkeys: after a restore the same passkey signs in, its counter kept', async () => {
    const { user, session, authenticator, passkey } = await withPasskey(t);
    expect((await signInWithPasskey(t.client(), authenticator)).status).toBe(200);
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const exported = await admin.get('/api/admin/database/export');
    expect(exported.status).toBe(200);
    expect((await session.delete(`/api/account/passkeys/${passkey.id}`)).status).toBe(200);

    const restored = await admin.post('/api/admin/database/import', undefined, {
      raw: exported.text,
      headers: { 'content-type': 'application/json' },
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.counts.passkeys).toBe(1);
    // The counter came back too: an answer with the counter of the use before the backup is refused.
    expect((await signInWithPasskey(t.client(), authenticator, { counter: 1 })).status).toBe(401);
    const c = t.client();
    const res = await signInWithPasskey(c, authenticator, { counter: 2 });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(user.username);
    expect((await c.get('/api/account/passkeys')).body.passkeys.map((p: { name: string }) => p.name)).toEqual(
      ['Laptop'],
    );
  });
});

describe('an admin’s second-factor reset', () => {
  it('removes the account’s passkeys too: they sign in no more, the password alone does', async () => {
    const { user, authenticator } = await withPasskey(t);
    expect((await passwordLogin(t.client(), user)).body.secondFactorRequired).toBe(true);
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const listed = (await admin.get('/api/admin/users')).body.users.find(
      (u: { id: number }) => u.id === user.id,
    );
    expect(listed.secondFactor).toBe(true);

    const reset = await admin.post(`/api/admin/users/${user.id}/second-factor/reset`, {});
    expect([reset.status, reset.body.user.secondFactor]).toEqual([200, false]);
    expect(
      await t.db.kysely.selectFrom('passkeys').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect((await signInWithPasskey(t.client(), authenticator)).status).toBe(401);
    const signedIn = await passwordLogin(t.client(), user);
    expect([signedIn.status, signedIn.body.username]).toEqual([200, user.username]);
  });
});
