import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { ADMIN, createUser, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { generateKey, sealText, sealTitle, toBase64 } from '../../../common/paste-crypto/index.js';
import { ADMIN_MESSAGES } from '../../../common/schemas/admin.js';

/** The admin's users and pastes, with every effect checked in the database. */
const t = withTestApp();

const asAdmin = () => loginClient(t, ADMIN.username, ADMIN.password);
const adminRow = () =>
  t.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('username', '=', ADMIN.username)
    .executeTakeFirstOrThrow();
const setRbac = (on: boolean) => t.app.services.settings.update({ enableRbac: on });

describe('users', () => {
  it('lists every account with its paste count, and filters by role', async () => {
    const { client, user } = await signedIn(t);
    await createPaste(client);
    await createPaste(client);
    await createUser(t, { role: 'manager' });
    const admin = await asAdmin();
    const all = (await admin.get('/api/admin/users')).body.users;
    expect(all.map((u: { role: string }) => u.role).sort()).toEqual(['admin', 'manager', 'user']);
    expect(all.find((u: { id: number }) => u.id === user.id)).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      role: 'user',
      createdAt: expect.any(String),
      registrationIp: '127.0.0.1',
      hasApiKey: false,
      emailVerified: true,
      pasteCount: 2,
      vipActivatedAt: null,
      secondFactor: false,
    });
    // Staff accounts do not show their registration address.
    expect(all.find((u: { role: string }) => u.role === 'manager').registrationIp).toBeNull();
    const managers = (await admin.get('/api/admin/users?role=manager')).body.users;
    expect(managers).toHaveLength(1);
    expect((await admin.get('/api/admin/users?role=owner')).status).toBe(400);
  });

  it("pages a user's pastes, 10 at a time", async () => {
    const { client, user } = await signedIn(t);
    for (let i = 0; i < 12; i++) await createPaste(client, { title: `p${i}` });
    const admin = await asAdmin();
    const first = (await admin.get(`/api/admin/users/${user.id}/pastes?page=1&limit=10`)).body;
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: 12 });
    expect(first.pastes).toHaveLength(10);
    const second = (await admin.get(`/api/admin/users/${user.id}/pastes?page=2&limit=10`)).body;
    expect(second.pastes).toHaveLength(2);
    expect((await admin.get('/api/admin/users/999999/pastes')).status).toBe(404);
  });

  it('changes roles only while RBAC is on, as the spec allows, never their own', async () => {
    const { user } = await signedIn(t);
    const admin = await asAdmin();
    await setRbac(false);
    const off = await admin.put(`/api/users/${user.id}`, { role: 'manager' });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(ADMIN_MESSAGES.rbacOff);
    await setRbac(true);
    const promoted = await admin.put(`/api/users/${user.id}`, { role: 'manager' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.user.role).toBe('manager');
    const row = await t.db.kysely
      .selectFrom('users')
      .select('role')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.role).toBe('manager');
    // A manager cannot become a manager again; an admin cannot touch their own role.
    expect((await admin.put(`/api/users/${user.id}`, { role: 'manager' })).status).toBe(400);
    const self = await admin.put(`/api/users/${(await adminRow()).id}`, { role: 'manager' });
    expect(self.body.message).toBe(ADMIN_MESSAGES.ownRole);
    expect((await adminRow()).role).toBe('admin');
  });

  it('sets a password or an email, ending that user’s sessions', async () => {
    const { client, user } = await signedIn(t);
    const admin = await asAdmin();
    expect((await admin.put(`/api/users/${user.id}`, { password: '   ' })).status).toBe(400);
    expect((await admin.put(`/api/users/${user.id}`, { password: 'new-pass-1' })).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    await loginClient(t, user.username, 'new-pass-1');
    const badEmail = await admin.put(`/api/users/${user.id}`, { email: 'no-at-sign' });
    expect(badEmail.body.message).toBe(ADMIN_MESSAGES.emailInvalid);
    const taken = await admin.put(`/api/users/${user.id}`, { email: ADMIN.email });
    expect(taken.status).toBe(409);
    const changed = await admin.put(`/api/users/${user.id}`, { email: 'New@Example.com' });
    expect(changed.body.user).toMatchObject({ email: 'new@example.com', emailVerified: true });
    // Two changes at once, or none, are refused.
    expect((await admin.put(`/api/users/${user.id}`, { email: 'a@b.c', password: 'x' })).status).toBe(400);
    expect((await admin.put(`/api/users/${user.id}`, {})).status).toBe(400);
  });

  it('deletes an account: its pastes stay, anonymous; never one’s own', async () => {
    const { client, user } = await signedIn(t);
    const { id } = await createPaste(client, { title: 'kept' });
    const admin = await asAdmin();
    const own = await admin.delete(`/api/users/${(await adminRow()).id}`);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(ADMIN_MESSAGES.ownAccount);
    expect((await admin.delete(`/api/users/${user.id}`)).body).toEqual({ success: true });
    expect(await t.db.kysely.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual(
      [],
    );
    const paste = await t.db.kysely
      .selectFrom('pastes')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(paste).toEqual({ user_id: null });
    expect(
      await t.db.kysely.selectFrom('sessions').select('user_id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(404);
  });

  it('is for admins only: a manager gets 403 and nothing changes', async () => {
    const { user } = await signedIn(t);
    const { client: manager } = await signedIn(t, 'manager');
    await setRbac(true);
    expect((await manager.get('/api/admin/users')).status).toBe(403);
    expect((await manager.put(`/api/users/${user.id}`, { role: 'admin' })).status).toBe(403);
    expect((await manager.delete(`/api/users/${user.id}`)).status).toBe(403);
    const row = await t.db.kysely
      .selectFrom('users')
      .select('role')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.role).toBe('user');
  });
});

describe('all pastes', () => {
  it('lists every paste newest first with its author, searches by id or title, and deletes', async () => {
    const { client, user } = await signedIn(t);
    const a = await createPaste(client, { title: 'Deploy notes' });
    const b = await createPaste(t.client(), { title: 'Secret', privacy: 'password', password: 'pw-123456' });
    const admin = await asAdmin();
    const list = (await admin.get('/api/pastes')).body;
    expect(list.total).toBe(2);
    expect(list.pastes.map((p: { id: string }) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.pastes.find((p: { id: string }) => p.id === a.id)).toMatchObject({
      title: 'Deploy notes',
      username: user.username,
      userRole: 'user',
      privacy: 'public',
    });
    expect(list.pastes.find((p: { id: string }) => p.id === b.id)).toMatchObject({ username: 'Anonymous' });
    expect(
      (await admin.get('/api/pastes?search=deploy')).body.pastes.map((p: { id: string }) => p.id),
    ).toEqual([a.id]);
    expect((await admin.get(`/api/pastes?search=${b.id}`)).body.total).toBe(1);
    // By author too, and sorted by size or views.
    const ids = async (query: string) =>
      (await admin.get(`/api/pastes?${query}`)).body.pastes.map((p: { id: string }) => p.id);
    expect(await ids(`search=${user.username.slice(0, 6)}`)).toEqual([a.id]);
    t.clock.advance(1_000);
    const big = await createPaste(t.client(), { title: 'Big', content: 'x'.repeat(5_000) });
    await t.db.kysely.updateTable('pastes').set({ view_count: 9 }).where('id', '=', b.id).execute();
    expect((await ids('sort=size'))[0]).toBe(big.id);
    expect((await ids('sort=views'))[0]).toBe(b.id);
    expect((await ids('sort=newest'))[0]).toBe(big.id);
    expect((await admin.get('/api/pastes?sort=random')).status).toBe(400);
    expect((await admin.delete(`/api/pastes/${big.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/pastes/${a.id}`)).body).toEqual({ success: true });
    expect((await t.client().get(`/api/pastes/${a.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/pastes/${a.id}`)).status).toBe(404);
    const { client: manager } = await signedIn(t, 'manager');
    expect((await manager.get('/api/pastes')).status).toBe(403);
    expect((await manager.delete(`/api/pastes/${b.id}`)).status).toBe(403);
    expect((await t.client().get(`/api/pastes/${b.id}`)).status).toBe(200);
  });

  it('says which pastes are end-to-end encrypted, and filters by privacy', async () => {
    const key = await generateKey();
    const sealed = await t.client().post('/api/pastes', {
      encrypted: true,
      privacy: 'unlisted',
      sealedTitle: await sealTitle(key, ''),
      content: toBase64(await sealText(key, 'sealed')),
    });
    expect(sealed.status).toBe(201);
    const open = await createPaste(t.client(), { title: 'Open' });
    const locked = await createPaste(t.client(), { privacy: 'password', password: 'pw-123456' });
    const admin = await asAdmin();
    const list = (await admin.get('/api/pastes')).body.pastes as { id: string; encrypted: boolean }[];
    expect(Object.fromEntries(list.map((p) => [p.id, p.encrypted]))).toEqual({
      [sealed.body.id]: true,
      [open.id]: false,
      [locked.id]: false,
    });
    const only = async (privacy: string) =>
      (await admin.get(`/api/pastes?privacy=${privacy}`)).body as { pastes: { id: string }[]; total: number };
    expect((await only('unlisted')).pastes.map((p) => p.id)).toEqual([sealed.body.id]);
    expect(await only('password')).toMatchObject({ total: 1, pastes: [{ id: locked.id }] });
    expect((await only('public')).pastes.map((p) => p.id)).toEqual([open.id]);
    expect((await admin.get('/api/pastes?privacy=secret')).status).toBe(400);
  });
});
