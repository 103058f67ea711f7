import { afterAll, describe, expect, it } from 'vitest';
import { GITHUB_CLIENT, startFakeGithub } from '../../../../test/helpers/fake-github.js';
import { pathOf, redirectOf, startSignIn } from '../../../../test/helpers/identity.js';
import { createUser, withTestApp } from '../../../../test/helpers/test-app.js';

/**
 * "Sign in with GitHub": GitHub's OAuth 2 (not OpenID Connect) as a built-in provider kind, through
 * openid-client, against a local fake of GitHub's endpoints (GitHub itself is on the internet).
 */
const github = await startFakeGithub();
afterAll(() => github.close());

const t = withTestApp({
  env: {
    ...github.env,
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'github',
        name: 'GitHub',
        kind: 'github',
        clientId: GITHUB_CLIENT.id,
        clientSecret: GITHUB_CLIENT.secret,
      },
    ]),
  },
});

/** Starts on our site, lets the fake approve at once, and follows its redirect back to us. */
async function signIn(c: ReturnType<typeof t.client>) {
  const authorization = await startSignIn(c, 'github');
  const approved = await fetch(authorization, { redirect: 'manual' });
  return c.get(pathOf(approved.headers.get('location')!));
}

const user = async (c: ReturnType<typeof t.client>) => (await c.get('/api/user')).body;

describe('sign in with GitHub', () => {
  it('asks for the profile and emails with PKCE, and signs in as the GitHub account', async () => {
    expect((await t.client().get('/api/auth/providers')).body).toEqual([
      { id: 'github', name: 'GitHub', kind: 'github' },
    ]);
    github.state.user = {
      id: 42,
      login: 'octo-cat',
      emails: [
        { email: 'old@users.example', primary: false, verified: true },
        { email: 'Octo@users.example', primary: true, verified: true },
      ],
    };
    const c = t.client();
    expect(redirectOf(await signIn(c)).path).toBe('/');
    const asked = github.state.authorizations.at(-1)!;
    expect(asked.get('scope')).toBe('read:user user:email');
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('client_id')).toBe(GITHUB_CLIENT.id);
    expect(await user(c)).toMatchObject({ username: 'octo-cat', email: 'octo@users.example' });

    // The numeric id is who it is: a renamed login still signs in to the same account.
    github.state.user = { ...github.state.user, login: 'octo-renamed' };
    const again = t.client();
    await signIn(again);
    expect((await user(again)).username).toBe('octo-cat');
  });

  it('trusts only a primary, verified address, and fits a long login to the username rules', async () => {
    const local = await createUser(t, { email: 'taken@users.example' });
    github.state.user = {
      id: 7,
      login: 'a-very-long-github-login-of-39-characters'.slice(0, 39),
      emails: [{ email: 'taken@users.example', primary: true, verified: false }],
    };
    const c = t.client();
    await signIn(c);
    const made = await user(c);
    expect(made.username).toBe('a-very-long-github-login-of-39');
    expect(made.username).not.toBe(local.username);
    expect(made.email).not.toBe('taken@users.example');
  });

  it('when GitHub is down, says so and signs no one in', async () => {
    github.state.user = { id: 8, login: 'someone', emails: [] };
    const c = t.client();
    const authorization = await startSignIn(c, 'github');
    const approved = await fetch(authorization, { redirect: 'manual' });
    github.state.down = true;
    try {
      const res = await c.get(pathOf(approved.headers.get('location')!));
      expect(redirectOf(res).params.get('signInError')).toBe('unavailable');
      expect((await c.get('/api/user')).status).toBe(401);
    } finally {
      github.state.down = false;
    }
  });
});
