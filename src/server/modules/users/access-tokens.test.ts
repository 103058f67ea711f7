import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { ACCESS_TOKENS_PER_USER_MAX } from '../../../common/constants.js';
import { ACCESS_TOKEN_MESSAGES } from '../../../common/schemas/access-tokens.js';

const t = withTestApp();
const DAY = 24 * 60 * 60 * 1000;

const enable = () => t.app.services.settings.update({ enableAccessTokens: true });
const whoami = (token: string) =>
  t.client().get('/api/user', { headers: { authorization: `Bearer ${token}` } });

describe('personal access tokens', () => {
  it('shows a token once, keeps only its hash, lists it with its scopes and last use, and revokes it', async () => {
    await enable();
    const { client, user } = await signedIn(t);
    const created = await client.post('/api/account/tokens', {
      name: '  CI deploys ',
      scopes: ['pastes:write', 'pastes:read'],
      expiresInDays: 30,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const token: string = created.body.token;
    expect(token).toMatch(/^pst_[A-Za-z0-9_-]{32}$/);
    expect(created.body.accessToken).toMatchObject({
      name: 'CI deploys',
      hint: `pst_…${token.slice(-4)}`,
      // In the one order the list always uses.
      scopes: ['pastes:read', 'pastes:write'],
      expiresAt: new Date(t.clock.now() + 30 * DAY).toISOString(),
      lastUsedAt: null,
      expired: false,
    });
    const row = await t.db.kysely.selectFrom('access_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const read = await t.client().get('/api/v1/pastes', { headers: { 'x-api-key': token } });
    expect(read.status).toBe(200);
    const listed = await client.get('/api/account/tokens');
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(token);
    expect(listed.body.enabled).toBe(true);
    expect(listed.body.tokens).toHaveLength(1);
    expect(listed.body.tokens[0].lastUsedAt).toBe(new Date(t.clock.now()).toISOString());

    // Another person cannot revoke it (nor learn that it exists).
    const other = await signedIn(t);
    const id = listed.body.tokens[0].id;
    expect((await other.client.delete(`/api/account/tokens/${id}`)).status).toBe(404);
    const revoked = await client.delete(`/api/account/tokens/${id}`);
    expect(revoked.body).toEqual({ success: true });
    const after = await t.client().get('/api/v1/pastes', { headers: { 'x-api-key': token } });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: 'INVALID_API_KEY', message: ACCESS_TOKEN_MESSAGES.invalid });
    expect((await client.delete(`/api/account/tokens/${id}`)).status).toBe(404);
    expect(user.id).toBeGreaterThan(0);
  });

  it('stops a token at its expiry, and lists it as expired', async () => {
    await enable();
    const { client } = await signedIn(t);
    const { token } = (
      await client.post('/api/account/tokens', { name: 'a week', scopes: ['account:read'], expiresInDays: 7 })
    ).body;
    expect((await whoami(token)).status).toBe(200);
    t.clock.advance(7 * DAY - 1);
    expect((await whoami(token)).status).toBe(200);
    t.clock.advance(1);
    expect((await whoami(token)).status).toBe(401);
    expect((await client.get('/api/account/tokens')).body.tokens[0].expired).toBe(true);
  });

  it('refuses bad names, scopes and expiries with the field’s message, and keeps nothing', async () => {
    await enable();
    const { client } = await signedIn(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ', scopes: ['pastes:read'] }, ACCESS_TOKEN_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(61), scopes: ['pastes:read'] }, ACCESS_TOKEN_MESSAGES.nameTooLong],
      [{ name: 'n', scopes: [] }, ACCESS_TOKEN_MESSAGES.scopesRequired],
      [{ name: 'n', scopes: ['everything'] }, ''],
      [{ name: 'n', scopes: ['pastes:read'], expiresInDays: 0 }, ACCESS_TOKEN_MESSAGES.expiryInvalid],
      [{ name: 'n', scopes: ['pastes:read'], expiresInDays: 367 }, ACCESS_TOKEN_MESSAGES.expiryInvalid],
      [{ name: 'n', scopes: ['pastes:read'], extra: 1 }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/account/tokens', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toContain(message);
    }
    expect(await t.db.kysely.selectFrom('access_tokens').selectAll().execute()).toEqual([]);
  });

  it('gives the admin scope to staff only', async () => {
    await enable();
    const { client } = await signedIn(t, 'user');
    const refused = await client.post('/api/account/tokens', { name: 'n', scopes: ['pastes:read', 'admin'] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCESS_TOKEN_MESSAGES.adminScopeStaffOnly);
    const { client: manager } = await signedIn(t, 'manager');
    expect((await manager.post('/api/account/tokens', { name: 'n', scopes: ['admin'] })).status).toBe(201);
  });

  it(`holds at most ${ACCESS_TOKENS_PER_USER_MAX} tokens per person, even when asked at once`, async () => {
    await enable();
    const { client } = await signedIn(t);
    const answers = await Promise.all(
      Array.from({ length: ACCESS_TOKENS_PER_USER_MAX + 5 }, (_, i) =>
        client.post('/api/account/tokens', { name: `t${i}`, scopes: ['pastes:read'] }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(ACCESS_TOKENS_PER_USER_MAX);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual([409, 409, 409, 409, 409]);
    expect(refused[0]!.body.message).toBe(ACCESS_TOKEN_MESSAGES.tooMany);
  });

  it('neither makes nor accepts tokens while the setting is off (the default)', async () => {
    const { client } = await signedIn(t);
    const off = await client.post('/api/account/tokens', { name: 'n', scopes: ['pastes:read'] });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(ACCESS_TOKEN_MESSAGES.disabled);
    expect((await client.get('/api/account/tokens')).body).toEqual({ tokens: [], enabled: false });
    await enable();
    const { token } = (await client.post('/api/account/tokens', { name: 'n', scopes: ['account:read'] }))
      .body;
    expect((await whoami(token)).status).toBe(200);
    await t.app.services.settings.update({ enableAccessTokens: false });
    expect((await whoami(token)).status).toBe(401);
  });

  it('revokes every token with the API key when an admin sets the password, keeps them when the owner keeps the key', async () => {
    await enable();
    const { client, user } = await signedIn(t);
    const make = async () =>
      (await client.post('/api/account/tokens', { name: 'n', scopes: ['account:read'] })).body
        .token as string;
    const first = await make();
    // A change that keeps the key keeps the tokens.
    const kept = await client.post('/api/user/change-password', {
      currentPassword: user.plainPassword,
      newPassword: 'another-pass-1',
      revokeApiKey: false,
    });
    expect(kept.status, kept.text).toBe(200);
    expect((await whoami(first)).status).toBe(200);
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const reset = await admin.put(`/api/users/${user.id}`, { password: 'set-by-admin-1' });
    expect(reset.status, reset.text).toBe(200);
    expect((await whoami(first)).status).toBe(401);
    expect(await t.db.kysely.selectFrom('access_tokens').selectAll().execute()).toEqual([]);
  });
});
