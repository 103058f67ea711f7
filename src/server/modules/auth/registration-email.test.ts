import { beforeEach, describe, expect, it } from 'vitest';
import { withSmtpSinkApp } from '../../../../test/helpers/factories.js';
import { createUser } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';
import { REGISTER_MESSAGES } from '../../../common/messages.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';

/** Registration with email verification on: one account per address (#8), told to nobody (#12). */
const { t, sink } = withSmtpSinkApp();
beforeEach(async () => {
  await t.app.services.settings.update({ requireEmailVerification: true });
});

const register = (username: string, email: string) =>
  t
    .client()
    .post('/api/register', { username, email, password: 'password-123', captchaToken: CAPTCHA_BYPASS_TOKEN });

const accountsWith = async (email: string) =>
  (await t.db.kysely.selectFrom('users').select(['username', 'email']).execute()).filter(
    (u) => u.email.toLowerCase() === email.toLowerCase(),
  );

const SUCCESS = {
  message: ACCOUNT_MESSAGES.registeredCheckEmail,
  requiresVerification: true,
  verificationEmailSent: true,
};

describe('registering an address that already has an account', () => {
  it('answers exactly like a new address, creates nothing, and tells only the owner', async () => {
    await createUser(t, { username: 'owner', email: 'owner@example.com' });
    const fresh = await register('newcomer', 'fresh@example.com');
    const taken = await register('intruder', 'Owner@Example.com');
    expect(fresh.status).toBe(201);
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body).toEqual(SUCCESS);

    expect((await accountsWith('owner@example.com')).map((u) => u.username)).toEqual(['owner']);
    expect(
      await t.db.kysely.selectFrom('users').where('username', '=', 'intruder').selectAll().execute(),
    ).toHaveLength(0);
    const notice = await sink.waitForMessage((m) => m.envelope.to.includes('owner@example.com'));
    expect(notice.subject).toBe('Someone tried to register at Test Paste with your address');
    expect(notice.text).toContain('Hello owner');
    expect(notice.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/forgot-password/);
  });

  it('still says when a username is taken (usernames are public)', async () => {
    await createUser(t, { username: 'owner', email: 'owner@example.com' });
    const res = await register('Owner', 'someone-else@example.com');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REGISTER_MESSAGES.usernameTaken);
  });

  it('refuses the placeholder domain as a real address', async () => {
    const res = await register('sneaky', 'victim@users.noreply.local');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(REGISTER_MESSAGES.emailInvalid);
  });
});

describe('parallel registrations with one address', () => {
  it('make one account; every answer is the same success', async () => {
    const variants = [
      'race@example.com',
      'RACE@example.com',
      'Race@Example.com',
      'race@EXAMPLE.com',
      'rAcE@example.com',
    ];
    const answers = await Promise.all(variants.map((email, i) => register(`racer${i}`, email)));
    expect(await accountsWith('race@example.com')).toHaveLength(1);
    for (const res of answers) {
      expect(res.status).toBe(201);
      expect(res.body).toEqual(SUCCESS);
    }
  });
});
