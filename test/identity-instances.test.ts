import { afterAll, describe, expect, it } from 'vitest';
import { pathOf, redirectOf, startSignIn } from './helpers/identity.js';
import { loginAtProvider, startOidcProvider } from './helpers/oidc-provider.js';
import { completeSetup } from './helpers/test-app.js';
import { withTwoInstances } from './helpers/two-instances.js';

/**
 * Several instances of one site: a redirect sign-in's state lives in the database (and the
 * browser's cookie), never in one process, so its callback may reach any instance.
 */
const op = await startOidcProvider({
  alice: {
    password: 'alice-pw',
    claims: { preferred_username: 'alice', email: 'alice@corp.example', email_verified: true },
  },
});
afterAll(() => op.close());

const two = withTwoInstances({ env: { OIDC_PROVIDERS: JSON.stringify([op.envEntry('corp')]) } });

describe('sign-in through a provider on several instances', () => {
  it('completes on one instance a sign-in started on the other, both ways', async () => {
    await completeSetup(two.a);
    for (const [startOn, finishOn] of [
      ['b', 'a'],
      ['a', 'b'],
    ] as const) {
      const browser = two.browser();
      const on = { a: browser.onA, b: browser.onB };
      const authorization = await startSignIn(on[startOn], 'corp');
      const callback = await loginAtProvider(authorization.href, 'alice', 'alice-pw');
      expect(redirectOf(await on[finishOn].get(pathOf(callback))).path).toBe('/');
      // One session, valid on both.
      expect((await on.a.get('/api/user')).body.username).toBe('alice');
      expect((await on.b.get('/api/user')).body.username).toBe('alice');
    }
  });
});
