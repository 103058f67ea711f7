import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { pathOf, redirectOf, signInWithProvider, startSignIn } from '../../../../test/helpers/identity.js';
import { LiveClock } from '../../../../test/helpers/live-clock.js';
import { loginAtProvider, startOidcProvider } from '../../../../test/helpers/oidc-provider.js';
import { ADMIN, createUser, loginClient, withTestApp } from '../../../../test/helpers/test-app.js';

/**
 * Sign-in through a real OpenID provider (the `oidc-provider` package in its own process), with
 * openid-client as the relying party: every check the flow has, seen from the browser's side.
 */
const op = await startOidcProvider({
  alice: {
    password: 'alice-pw',
    claims: { email: 'alice@corp.example', email_verified: true, preferred_username: 'alice' },
  },
});
afterAll(() => op.close());

const clock = new LiveClock();
const logs: string[] = [];
const t = withTestApp({
  clock,
  logStream: { write: (line: string) => void logs.push(line) },
  env: {
    LOG_LEVEL: 'warn',
    OIDC_PROVIDERS: JSON.stringify([
      op.envEntry('corp', {
        name: 'Corp SSO',
        roleMap: { 'paste-admins': 'admin', 'paste-mods': 'manager' },
      }),
    ]),
  },
});

/** What the server logged about the last refused sign-in (the person sees only a generic reason). */
function lastFailure(): string {
  const line = logs.findLast((l) => l.includes('sign-in through a provider failed'));
  return line ?? 'no failure logged';
}

async function userOf(c: ReturnType<typeof t.client>) {
  const res = await c.get('/api/user');
  return res.status === 200 ? (res.body as { username: string; role: string; email: string }) : null;
}

describe('sign-in through an OpenID provider', () => {
  it('lists the provider publicly, signs in, creates the account and goes back to our own path', async () => {
    expect((await t.client().get('/api/auth/providers')).body).toEqual([
      { id: 'corp', name: 'Corp SSO', kind: 'oidc' },
    ]);
    const c = t.client();
    const authorization = await startSignIn(c, 'corp', '/paste/abc?x=1');
    // Authorization code with PKCE, state and nonce, to our callback.
    expect(authorization.origin).toBe(op.issuer);
    expect(authorization.searchParams.get('response_type')).toBe('code');
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/auth/oidc/corp/callback`);
    const callback = await loginAtProvider(authorization.href, 'alice', 'alice-pw');
    const done = await c.get(pathOf(callback));
    expect(redirectOf(done).path).toBe('/paste/abc');
    expect(await userOf(c)).toMatchObject({ username: 'alice', role: 'user', email: 'alice@corp.example' });
  });

  it('sends the browser only to paths of this site afterwards', async () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await signInWithProvider(t.client(), 'corp', 'alice', 'alice-pw', { returnTo: target });
      expect(redirectOf(res).path).toBe('/');
      expect(res.headers.get('location')).toBe('/');
    }
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const c = t.client();
    const authorization = await startSignIn(c, 'corp');
    const callback = await loginAtProvider(authorization.href, 'alice', 'alice-pw');
    callback.searchParams.set('state', 'forged-state');
    const res = await c.get(pathOf(callback));
    expect(redirectOf(res)).toEqual({
      path: '/auth',
      params: new URLSearchParams({ tab: 'login', signInError: 'failed', provider: 'corp' }),
    });
    expect(lastFailure()).toContain('unexpected \\"state\\" response parameter value');
    expect(await userOf(c)).toBeNull();
    expect(await t.app.services.users.findByUsername('alice')).toBeUndefined();
  });

  it('refuses a callback from a browser that did not start the sign-in', async () => {
    const authorization = await startSignIn(t.client(), 'corp');
    const callback = await loginAtProvider(authorization.href, 'alice', 'alice-pw');
    const victim = t.client();
    expect(redirectOf(await victim.get(pathOf(callback))).params.get('signInError')).toBe('expired');
    expect(await userOf(victim)).toBeNull();
  });

  it('refuses a replayed code: again in the same browser, and under another sign-in', async () => {
    const c = t.client();
    const authorization = await startSignIn(c, 'corp');
    const flowCookie = c.cookie('pasteshare_sso_flow')!;
    const callback = await loginAtProvider(authorization.href, 'alice', 'alice-pw');
    expect(redirectOf(await c.get(pathOf(callback))).path).toBe('/');

    // The same callback with the same flow cookie: the flow was used.
    const thief = t.client();
    thief.setCookie('pasteshare_sso_flow', flowCookie);
    expect(redirectOf(await thief.get(pathOf(callback))).params.get('signInError')).toBe('expired');
    // The code under a sign-in of the thief's own, its state put in: the provider refuses the code.
    const own = await startSignIn(thief, 'corp');
    callback.searchParams.set('state', own.searchParams.get('state')!);
    expect(redirectOf(await thief.get(pathOf(callback))).params.get('signInError')).toBe('failed');
    expect(lastFailure()).toContain('invalid_grant');
    expect(await userOf(thief)).toBeNull();
  });

  it('refuses an ID token whose nonce is not the one of this sign-in', async () => {
    const c = t.client();
    const authorization = await startSignIn(c, 'corp');
    authorization.searchParams.set('nonce', 'a-nonce-of-another-sign-in');
    const callback = await loginAtProvider(authorization.href, 'alice', 'alice-pw');
    expect(redirectOf(await c.get(pathOf(callback))).params.get('signInError')).toBe('failed');
    expect(lastFailure()).toContain('unexpected ID Token \\"nonce\\" claim value');
    expect(await userOf(c)).toBeNull();
  });

  it('refuses an expired ID token', async () => {
    const c = t.client();
    const authorization = await startSignIn(c, 'corp');
    const callback = await loginAtProvider(authorization.href, 'alice', 'alice-pw');
    // The provider's ID tokens live a minute (with openid-client's 30 s of tolerance).
    clock.advance(5 * 60_000);
    try {
      expect(redirectOf(await c.get(pathOf(callback))).params.get('signInError')).toBe('failed');
      expect(lastFailure()).toContain('expiration is past current timestamp');
      expect(await userOf(c)).toBeNull();
    } finally {
      clock.advance(-5 * 60_000);
    }
  });

  it('when the provider is down, says so and local sign-in still works', async () => {
    const local = await createUser(t);
    // Up a moment ago (its discovery document is known), down now: still told at the start.
    await signInWithProvider(t.client(), 'corp', 'alice', 'alice-pw');
    await op.stop();
    try {
      const res = await t.client().get('/api/auth/oidc/corp/start');
      expect(redirectOf(res).params.get('signInError')).toBe('unavailable');
      expect(lastFailure()).toContain('ECONNREFUSED');
      const c = await loginClient(t, local.username, local.plainPassword);
      expect((await userOf(c))?.username).toBe(local.username);
    } finally {
      await op.start();
    }
  });
});

describe('accounts and emails', () => {
  it('links an existing account only when the provider vouches for the email', async () => {
    const local = await createUser(t, { username: 'bob', email: 'bob@corp.example' });
    op.setUser('bob-unverified', {
      password: 'pw',
      claims: { email: 'bob@corp.example', email_verified: false, preferred_username: 'bob' },
    });
    const c = t.client();
    expect(redirectOf(await signInWithProvider(c, 'corp', 'bob-unverified', 'pw')).path).toBe('/');
    const made = await userOf(c);
    // A new account: not bob's, with a username of its own and without the unproven address.
    expect(made?.username).toBe('bob_2');
    expect(made?.email).not.toBe('bob@corp.example');
    expect((await t.app.services.users.findById(local.id))?.email).toBe('bob@corp.example');

    op.setUser('bob-verified', {
      password: 'pw',
      claims: { email: 'Bob@corp.example', email_verified: true, preferred_username: 'bob' },
    });
    const d = t.client();
    await signInWithProvider(d, 'corp', 'bob-verified', 'pw');
    expect((await userOf(d))?.username).toBe('bob');
  });

  it('with "only existing accounts", refuses an unknown identity and makes no account', async () => {
    await t.app.services.settings.update({ ssoExistingAccountsOnly: true });
    op.setUser('newcomer', { password: 'pw', claims: { email: 'new@corp.example', email_verified: true } });
    const c = t.client();
    const res = await signInWithProvider(c, 'corp', 'newcomer', 'pw');
    expect(redirectOf(res).params.get('signInError')).toBe('no-account');
    expect(await userOf(c)).toBeNull();
    expect(await t.app.services.users.findByEmail('new@corp.example')).toBeUndefined();
  });

  it('links the provider from a signed-in account page, then signs in to that account', async () => {
    const local = await createUser(t);
    const c = await loginClient(t, local.username, local.plainPassword);
    const start = await c.post('/api/auth/oidc/corp/link', {});
    expect(start.status, start.text).toBe(200);
    op.setUser('erin', {
      password: 'pw',
      claims: { email: 'erin@elsewhere.example', email_verified: false },
    });
    const callback = await loginAtProvider(start.body.redirectUrl, 'erin', 'pw');
    expect(redirectOf(await c.get(pathOf(callback)))).toEqual({
      path: '/account',
      params: new URLSearchParams({ linked: 'corp' }),
    });
    const listed = (await c.get('/api/user/identities')).body.identities;
    expect(listed).toEqual([
      {
        id: 'corp',
        name: 'Corp SSO',
        kind: 'oidc',
        linked: true,
        linkedAs: 'erin@elsewhere.example',
        linkedAt: expect.any(String),
      },
    ]);
    const fresh = t.client();
    await signInWithProvider(fresh, 'corp', 'erin', 'pw');
    expect((await userOf(fresh))?.username).toBe(local.username);
  });
});

describe('groups and roles', () => {
  it('maps groups to roles at every sign-in, each change in the audit log', async () => {
    op.setUser('dave', { password: 'pw', claims: { preferred_username: 'dave', groups: ['paste-mods'] } });
    const roleAfterSignIn = async () => {
      const c = t.client();
      await signInWithProvider(c, 'corp', 'dave', 'pw');
      return (await userOf(c))?.role;
    };
    expect(await roleAfterSignIn()).toBe('manager');
    op.setUser('dave', {
      password: 'pw',
      claims: { preferred_username: 'dave', groups: ['/staff/paste-admins', 'paste-mods'] },
    });
    expect(await roleAfterSignIn()).toBe('admin');
    expect(await roleAfterSignIn()).toBe('admin');
    op.setUser('dave', { password: 'pw', claims: { preferred_username: 'dave', groups: ['other'] } });
    expect(await roleAfterSignIn()).toBe('user');

    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const log = await admin.get('/api/admin/audit?action=user.role_change');
    expect(log.body.entries.map((e: { details: Record<string, unknown> }) => e.details).reverse()).toEqual([
      { username: 'dave', role: 'manager', previousRole: 'user', provider: 'corp', source: 'group mapping' },
      { username: 'dave', role: 'admin', previousRole: 'manager', provider: 'corp', source: 'group mapping' },
      { username: 'dave', role: 'user', previousRole: 'admin', provider: 'corp', source: 'group mapping' },
    ]);
    // A staff sign-in is audited with its way in.
    const logins = await admin.get('/api/admin/audit?action=staff.login&actor=dave');
    expect(logins.body.entries[0].details).toEqual({ username: 'dave', method: 'oidc', provider: 'corp' });
  });
});

describe('signing out', () => {
  it('ends the session and hands the provider’s end-session page to a session that came from it', async () => {
    const c = t.client();
    await signInWithProvider(c, 'corp', 'alice', 'alice-pw');
    const out = await c.post('/api/logout');
    const end = new URL(out.body.endSessionUrl);
    expect(end.origin).toBe(op.issuer);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${t.baseUrl}/`);
    expect(end.searchParams.get('client_id')).toBe('pasteshare');
    // The client secret from the environment is in no answer and no log line.
    expect(logs.join('\n')).not.toContain('pasteshare-secret');
    expect(logs.length).toBeGreaterThan(0);
    expect(await userOf(c)).toBeNull();
    // The provider accepts it: its sign-out page, not an error.
    expect((await fetch(end)).status).toBe(200);

    const local = await createUser(t);
    const p = await loginClient(t, local.username, local.plainPassword);
    expect((await p.post('/api/logout')).body).toEqual({ ok: true });
  });
});

describe('backups', () => {
  it('a restore brings back only the identity links of the accounts it holds: an identity never signs in to the account now at its old id', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    // A backup from before alice's first sign-in: neither her account nor her link is in it.
    const before = (await admin.get('/api/admin/database/export')).text;
    const c = t.client();
    await signInWithProvider(c, 'corp', 'alice', 'alice-pw');
    expect((await c.get('/api/user')).body.username).toBe('alice');
    const restored = await admin.post('/api/admin/database/import', undefined, {
      raw: before,
      headers: { 'content-type': 'application/json' },
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.counts.identity_links).toBe(0);
    // Someone else now holds an account, perhaps at alice's old id.
    const mallory = await createUser(t, { username: 'mallory' });
    const again = t.client();
    await signInWithProvider(again, 'corp', 'alice', 'alice-pw');
    const user = (await again.get('/api/user')).body as { id: number; username: string };
    expect(user.username).toBe('alice');
    expect(user.id).not.toBe(mallory.id);
  });
});

describe('a second factor after the provider', () => {
  it('starts no session from the provider alone: the code completes the sign-in', async () => {
    const first = t.client();
    await signInWithProvider(first, 'corp', 'alice', 'alice-pw');
    const { secret } = (await first.post('/api/account/second-factor/totp', {})).body;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now() });
    const { recoveryCodes } = (await first.post('/api/account/second-factor/totp/confirm', { code })).body;
    expect(recoveryCodes).toHaveLength(10);

    const c = t.client();
    const res = await signInWithProvider(c, 'corp', 'alice', 'alice-pw', { returnTo: '/account' });
    expect(res.headers.get('location')).toBe('/auth?tab=login&secondFactor=required');
    expect(await userOf(c)).toBeNull();
    expect((await c.post('/api/auth/second-factor', { code: recoveryCodes[0] })).status).toBe(200);
    expect(await userOf(c)).toMatchObject({ username: 'alice' });
  });
});
