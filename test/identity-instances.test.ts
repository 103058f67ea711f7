import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../src/common/constants.js';
import { PASSKEY_MESSAGES } from '../src/common/messages.js';
import { pathOf, redirectOf, startSignIn } from './helpers/identity.js';
import { loginAtProvider, startOidcProvider } from './helpers/oidc-provider.js';
import { codeAt, enrolTotp } from './helpers/second-factor.js';
import { SoftwareAuthenticator } from './helpers/software-authenticator.js';
import { completeSetup, createUser } from './helpers/test-app.js';
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

describe('second factors on several instances', () => {
  it('a passkey registered and used across instances, each challenge once; a code sign-in started on one finishes on the other', async () => {
    await completeSetup(two.a);
    const user = await createUser(two.a);
    const owner = two.browser();
    const login = await owner.onA.post('/api/login', {
      username: user.username,
      password: user.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(login.status).toBe(200);

    // Registration: its challenge asked of A, answered to B.
    const authenticator = new SoftwareAuthenticator(two.a.baseUrl);
    const registration = await owner.onA.post('/api/account/passkeys/registration-options', {});
    const added = await owner.onB.post('/api/account/passkeys', {
      name: 'Laptop',
      response: authenticator.register(registration.body),
    });
    expect(added.status, added.text).toBe(201);

    // Sign-in with the passkey alone: options from B, the answer to A; the same answer again to B is refused.
    const visitor = two.browser();
    const options = await visitor.onB.post('/api/auth/passkeys/sign-in-options', {});
    const answer = authenticator.authenticate(options.body);
    const signedIn = await visitor.onA.post('/api/auth/passkeys/sign-in', { response: answer });
    expect([signedIn.status, signedIn.body.username]).toEqual([200, user.username]);
    expect((await visitor.onB.get('/api/user')).body.username).toBe(user.username);
    const replay = await visitor.onB.post('/api/auth/passkeys/sign-in', { response: answer });
    expect([replay.status, replay.body.message]).toEqual([401, PASSKEY_MESSAGES.noCeremony]);

    // TOTP: the password on A asks for the code, which B takes.
    const { secret } = await enrolTotp(two.a, owner.onA);
    // Past the step the enrolment used (a code is taken once), on B's clock as on A's.
    two.b.clock.advance(30_000);
    const later = two.browser();
    const first = await later.onA.post('/api/login', {
      username: user.username,
      password: user.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(first.body.secondFactorRequired).toBe(true);
    const second = await later.onB.post('/api/auth/second-factor', {
      code: codeAt(secret, two.b.clock.now()),
    });
    expect([second.status, second.body.username]).toEqual([200, user.username]);
    expect((await later.onA.get('/api/user')).body.username).toBe(user.username);
  });
});
