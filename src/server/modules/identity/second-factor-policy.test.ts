import { describe, expect, it } from 'vitest';
import { codeAt, enrolTotp, loginWithCode } from '../../../../test/helpers/second-factor.js';
import { ADMIN, createUser, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN, SECOND_FACTOR_FRESH_MS } from '../../../common/constants.js';
import { SECOND_FACTOR_MESSAGES } from '../../../common/messages.js';
import { ADMIN_MESSAGES } from '../../../common/schemas/admin.js';

/** The admin's side of second factors: resetting a person's, and requiring one per role. */
const t = withTestApp();

const adminClient = () => loginClient(t, ADMIN.username, ADMIN.password);
const password = (user: { username: string; plainPassword: string }) =>
  t.client().post('/api/login', {
    username: user.username,
    password: user.plainPassword,
    captchaToken: CAPTCHA_BYPASS_TOKEN,
  });

describe('an admin resetting a person’s second factor', () => {
  it('removes it, shows it in the Users tab and the audit log; the password alone signs in again', async () => {
    const { user, client } = await signedIn(t);
    await enrolTotp(t, client);
    expect((await password(user)).body.secondFactorRequired).toBe(true);
    const admin = await adminClient();
    const listed = (await admin.get('/api/admin/users')).body.users.find(
      (u: { id: number }) => u.id === user.id,
    );
    expect(listed.secondFactor).toBe(true);

    const res = await admin.post(`/api/admin/users/${user.id}/second-factor/reset`, {});
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, secondFactor: false });
    const rows = await t.db.kysely
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
    expect((await password(user)).body.username).toBe(user.username);

    const audit = (await admin.get('/api/admin/audit?action=user.second_factor_reset')).body.entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUsername: ADMIN.username,
      targetType: 'user',
      targetId: String(user.id),
      details: { username: user.username },
    });

    const again = await admin.post(`/api/admin/users/${user.id}/second-factor/reset`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ADMIN_MESSAGES.noSecondFactor);
  });

  it('is for admins only, and asks for the admin’s own code when their check is not fresh', async () => {
    const { user, client } = await signedIn(t);
    await enrolTotp(t, client);
    const { client: manager } = await signedIn(t, 'manager');
    expect((await manager.post(`/api/admin/users/${user.id}/second-factor/reset`, {})).status).toBe(403);

    const admin = await adminClient();
    const { secret } = await enrolTotp(t, admin);
    t.clock.advance(SECOND_FACTOR_FRESH_MS + 1);
    const stale = await admin.post(`/api/admin/users/${user.id}/second-factor/reset`, {});
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe('SECOND_FACTOR_REQUIRED');
    const ok = await admin.post(`/api/admin/users/${user.id}/second-factor/reset`, {
      secondFactorCode: codeAt(secret, t.clock.now()),
    });
    expect(ok.status).toBe(200);
  });
});

describe('a second factor required for chosen roles', () => {
  it('is off by default: a manager without one works as before', async () => {
    expect((await adminClient().then((a) => a.get('/api/settings'))).body.secondFactorRoles).toEqual([]);
    const { client } = await signedIn(t, 'manager');
    expect((await client.get('/api/admin/stats')).status).toBe(200);
    expect((await client.get('/api/user')).body.secondFactorEnrolmentRequired).toBeUndefined();
  });

  it('lets a person of such a role only enrol until they have one', async () => {
    const admin = await adminClient();
    const saved = await admin.put('/api/settings', { secondFactorRoles: ['manager'] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.secondFactorRoles).toEqual(['manager']);
    const manager = await createUser(t, { role: 'manager' });

    const login = await password(manager);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: manager.username, secondFactorEnrolmentRequired: true });
    const c = t.client();
    for (const [name, value] of login.headers.getSetCookie().map((x) => x.split(';')[0]!.split('=')))
      c.setCookie(name!, value!);
    expect((await c.get('/api/user')).body.secondFactorEnrolmentRequired).toBe(true);

    // Nothing a signed-in person does works; public reads answer as to a visitor.
    const refused = await c.get('/api/admin/stats');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
      message: SECOND_FACTOR_MESSAGES.enrolmentRequired,
    });
    expect((await c.get('/api/settings/user')).status).toBe(403);
    expect((await c.get('/api/user/api-key')).status).toBe(403);
    const created = await c.post('/api/pastes', { content: 'as a visitor', expiration: '1d' });
    expect(created.status, created.text).toBe(201);
    const paste = await t.db.kysely
      .selectFrom('pastes')
      .select('user_id')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(paste.user_id).toBeNull();
    // A password paste is locked to it, as to any visitor, on the raw path outside /api too.
    const locked = await t.client().post('/api/pastes', {
      content: 'staff would read this',
      expiration: '1d',
      privacy: 'password',
      password: 'locked-pass-1',
    });
    expect(locked.status, locked.text).toBe(201);
    expect((await c.get(`/raw/${locked.body.id}`)).text).not.toContain('staff would read this');

    // Enrolling works, and then everything does.
    await enrolTotp(t, c);
    expect((await c.get('/api/user')).body.secondFactorEnrolmentRequired).toBeUndefined();
    expect((await c.get('/api/admin/stats')).status).toBe(200);
    expect((await c.get(`/raw/${locked.body.id}`)).text).toContain('staff would read this');

    // Other roles are not concerned.
    const { client: plain } = await signedIn(t, 'user');
    expect((await plain.get('/api/settings/user')).status).toBe(200);
  });

  it('applies to sessions signed in before the admin required it', async () => {
    const { client } = await signedIn(t, 'manager');
    expect((await client.get('/api/admin/stats')).status).toBe(200);
    await (await adminClient()).put('/api/settings', { secondFactorRoles: ['manager', 'admin'] });
    expect((await client.get('/api/admin/stats')).status).toBe(403);
    expect((await client.post('/api/logout', {})).status).toBe(200);
  });

  it('refuses the API key of such an account until it has enrolled', async () => {
    const { client } = await signedIn(t, 'manager');
    const key = (await client.post('/api/user/regenerate-api-key', {})).body.apiKey as string;
    const headers = { 'x-api-key': key };
    expect((await t.client().get('/api/user', { headers })).status).toBe(200);
    await (await adminClient()).put('/api/settings', { secondFactorRoles: ['manager'] });

    // Who-am-I still answers (it says what is missing); anything else is refused, public or not.
    const whoami = await t.client().get('/api/user', { headers });
    expect(whoami.body.secondFactorEnrolmentRequired).toBe(true);
    const paste = await t.client().post('/api/v1/pastes', { content: 'x' }, { headers });
    expect(paste.status).toBe(403);
    expect(paste.body).toMatchObject({
      error: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
      message: SECOND_FACTOR_MESSAGES.enrolmentRequiredApiKey,
    });

    await enrolTotp(t, client);
    expect((await t.client().post('/api/v1/pastes', { content: 'x' }, { headers })).status).toBe(201);
  });

  it('an account that has a factor signs in with its code as usual', async () => {
    const manager = await createUser(t, { role: 'manager' });
    const c = await loginClient(t, manager.username, manager.plainPassword);
    const { secret } = await enrolTotp(t, c);
    await (await adminClient()).put('/api/settings', { secondFactorRoles: ['manager'] });
    const signedInAgain = await loginWithCode(t, manager, secret);
    expect((await signedInAgain.get('/api/admin/stats')).status).toBe(200);
  });

  it('refuses an unknown role or a role twice', async () => {
    const admin = await adminClient();
    expect((await admin.put('/api/settings', { secondFactorRoles: ['owner'] })).status).toBe(400);
    expect((await admin.put('/api/settings', { secondFactorRoles: ['admin', 'admin'] })).status).toBe(400);
  });
});
