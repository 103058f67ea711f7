import { describe, expect, it } from 'vitest';
import { linkIn, withSmtpSinkApp } from '../../../../test/helpers/factories.js';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { createUser, loginClient } from '../../../../test/helpers/test-app.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';

/**
 * What a password or address change takes away: the API key, and reset links
 * that were mailed before the change.
 */
const { t, sink } = withSmtpSinkApp();

/** Reads the owner's pastes with the key alone, as an API client would. */
const v1 = (key: string) =>
  t.client().request('GET', '/api/v1/pastes', undefined, { noOrigin: true, headers: { 'x-api-key': key } });

async function userWithKey() {
  const user = await createUser(t);
  const client = await loginClient(t, user.username, user.plainPassword);
  const key: string = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
  expect((await v1(key)).status).toBe(200);
  return { user, client, key };
}

/** Asks for a reset link for the address and returns its token from the mail. */
async function resetToken(email: string): Promise<string> {
  expect((await t.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
  await t.app.services.mail.settled();
  const mail = await sink.waitForMessage((m) => m.envelope.to.includes(email));
  sink.messages.length = 0;
  return new URL(linkIn(mail.text, '/reset-password?token=')).searchParams.get('token')!;
}

const reset = (token: string, newPassword = 'brand-new-pass') =>
  t.client().post('/api/auth/reset-password', { token, newPassword });

describe('the API key after a password reset', () => {
  it('is revoked: the old key gets 401 on v1, and the answer says so', async () => {
    const { user, client, key } = await userWithKey();
    const res = await reset(await resetToken(user.email));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.resetDoneKeyRevoked, apiKeyRevoked: true });
    const refused = await v1(key);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.invalidApiKey);
    const again = await loginClient(t, user.username, 'brand-new-pass');
    expect((await again.get('/api/user/api-key')).body).toEqual({ hasApiKey: false, hint: null });
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('answers as before for an account without a key', async () => {
    const user = await createUser(t);
    const res = await reset(await resetToken(user.email));
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.resetDone, apiKeyRevoked: false });
  });
});

describe('the API key after a password change', () => {
  const change = (c: HttpClient, currentPassword: string, extra: Record<string, unknown> = {}) =>
    c.post('/api/user/change-password', { currentPassword, newPassword: 'secret-2', ...extra });

  it('is revoked by default, and the answer says so', async () => {
    const { user, client, key } = await userWithKey();
    const res = await change(client, user.plainPassword);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.passwordChangedKeyRevoked, apiKeyRevoked: true });
    expect((await v1(key)).status).toBe(401);
    expect((await client.get('/api/user/api-key')).body).toEqual({ hasApiKey: false, hint: null });
  });

  it('is revoked with revokeApiKey: true and kept with revokeApiKey: false', async () => {
    const a = await userWithKey();
    expect((await change(a.client, a.user.plainPassword, { revokeApiKey: true })).body.apiKeyRevoked).toBe(
      true,
    );
    expect((await v1(a.key)).status).toBe(401);

    const b = await userWithKey();
    const kept = await change(b.client, b.user.plainPassword, { revokeApiKey: false });
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged, apiKeyRevoked: false });
    expect((await v1(b.key)).status).toBe(200);
  });

  it('keeps the key when the current password is wrong', async () => {
    const { client, key } = await userWithKey();
    expect((await change(client, 'wrong-password')).status).toBe(400);
    expect((await v1(key)).status).toBe(200);
  });

  it('refuses a revokeApiKey that is not a boolean with a 400 naming the field', async () => {
    const { user, client, key } = await userWithKey();
    const res = await change(client, user.plainPassword, { revokeApiKey: 'no' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/revokeApiKey/);
    expect((await v1(key)).status).toBe(200);
  });
});

describe('a pending email change after a password reset', () => {
  it('is cancelled: the link sent to the new address no longer works (the notice says so)', async () => {
    await t.app.services.settings.update({ requireEmailVerification: true });
    const user = await createUser(t);
    const client = await loginClient(t, user.username, user.plainPassword);
    await client.post('/api/user/change-email', {
      email: 'thief@example.com',
      currentPassword: user.plainPassword,
    });
    const mail = await sink.waitForMessage((m) => m.envelope.to.includes('thief@example.com'));
    await t.app.services.mail.settled();
    sink.messages.length = 0;
    expect((await reset(await resetToken(user.email))).status).toBe(200);
    const follow = await t.client().get(new URL(linkIn(mail.text, '/api/verify-email/')).pathname);
    expect(follow.headers.get('location')).toContain('error=');
    const again = await loginClient(t, user.username, 'brand-new-pass');
    expect((await again.get('/api/user')).body.email).toBe(user.email);
  });
});

describe('reset links mailed before a change', () => {
  it('stop working after a password change', async () => {
    const user = await createUser(t);
    const token = await resetToken(user.email);
    const client = await loginClient(t, user.username, user.plainPassword);
    const changed = await client.post('/api/user/change-password', {
      currentPassword: user.plainPassword,
      newPassword: 'secret-2',
    });
    expect(changed.status).toBe(200);
    const res = await reset(token, 'attacker-pass');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.resetFailed);
    await loginClient(t, user.username, 'secret-2');
  });

  it('stop working after an email change', async () => {
    await t.app.services.settings.update({ requireEmailVerification: true });
    const user = await createUser(t);
    const token = await resetToken(user.email);
    const client = await loginClient(t, user.username, user.plainPassword);
    const start = await client.post('/api/user/change-email', {
      email: 'moved@example.com',
      currentPassword: user.plainPassword,
    });
    expect(start.status).toBe(200);
    const mail = await sink.waitForMessage((m) => m.envelope.to.includes('moved@example.com'));
    expect((await t.client().get(new URL(linkIn(mail.text, '/api/verify-email/')).pathname)).status).toBe(
      302,
    );
    expect((await client.get('/api/user')).body.email).toBe('moved@example.com');

    const res = await reset(token, 'attacker-pass');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.resetFailed);
    await loginClient(t, user.username, user.plainPassword);
  });

  it('are refused when issued for an address the account no longer has', async () => {
    // The address changes by a path that does not clean up tokens (an admin edit, a restore).
    const user = await createUser(t);
    const token = await resetToken(user.email);
    await t.db.kysely
      .updateTable('users')
      .set({ email: 'elsewhere@example.com' })
      .where('id', '=', user.id)
      .execute();
    const res = await reset(token, 'attacker-pass');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.resetFailed);
    await loginClient(t, user.username, user.plainPassword);
  });
});

describe('an admin setting a user’s password or address', () => {
  const ADMIN_LOGIN = { username: 'admin', password: 'admin-pass-123' };
  const create = (key: string) =>
    t
      .client()
      .request(
        'POST',
        '/api/v1/pastes',
        { content: 'via key' },
        { noOrigin: true, headers: { 'x-api-key': key } },
      );

  for (const [what, body] of [
    ['password', { password: 'set-by-admin-1' }],
    ['email', { email: 'moved-by-admin@example.com' }],
  ] as const) {
    it(`ends the ${what} holder’s sessions, API key and pending reset links`, async () => {
      const { user, client, key } = await userWithKey();
      const token = await resetToken(user.email);
      const admin = await loginClient(t, ADMIN_LOGIN.username, ADMIN_LOGIN.password);
      expect((await admin.put(`/api/users/${user.id}`, body)).status).toBe(200);
      expect((await client.get('/api/user')).status).toBe(401);
      for (const res of [await v1(key), await create(key)]) {
        expect([res.status, res.body.message]).toEqual([401, ACCOUNT_MESSAGES.invalidApiKey]);
      }
      expect((await reset(token)).status).toBe(400);
      const users = await admin.get('/api/admin/users');
      expect(users.body.users.find((u: { id: number }) => u.id === user.id).hasApiKey).toBe(false);
    });
  }
});
