import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';

/** Backups carry teams, their members and whom shared pastes name; the import restores them. */
const t = withTestApp();

async function teamsAndShares() {
  const k = t.db.kysely;
  return {
    teams: await k.selectFrom('teams').selectAll().orderBy('id').execute(),
    members: await k.selectFrom('team_members').selectAll().orderBy('team_id').orderBy('user_id').execute(),
    shares: await k.selectFrom('paste_shares').selectAll().orderBy('id').execute(),
  };
}

describe('backups of teams and shares', () => {
  it('round-trip teams, members and grants, and shared pastes stay shared with the same readers', async () => {
    const author = await signedIn(t);
    const member = await signedIn(t);
    const named = await signedIn(t);
    const other = await signedIn(t);
    await author.client.post('/api/teams', { name: 'Ops', slug: 'ops', description: 'Runbooks' });
    await author.client.put('/api/teams/ops/members', { username: member.user.username });
    // As a provider's group → team map leaves it: the membership names the provider that made it.
    await t.db.kysely
      .updateTable('team_members')
      .set({ source: 'corp' })
      .where('user_id', '=', member.user.id)
      .execute();
    const { id } = await createPaste(author.client, { content: 'restart it', privacy: 'shared' });
    await author.client.put(`/api/pastes/${id}/shares`, { users: [named.user.username], teams: ['ops'] });
    const before = await teamsAndShares();
    expect(before.shares).toHaveLength(2);

    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const exported = await admin.get('/api/admin/database/export');
    expect(exported.status).toBe(200);
    const doc = JSON.parse(exported.text);
    expect(doc.tables.teams).toHaveLength(1);
    expect(doc.tables.paste_shares).toHaveLength(2);

    // Changed after the export: the import puts it all back as it was.
    await author.client.delete('/api/teams/ops');
    await author.client.put(`/api/pastes/${id}/shares`, { users: [] });
    expect((await member.client.get(`/api/pastes/${id}`)).status).toBe(404);
    const imported = await admin.post('/api/admin/database/import', undefined, {
      raw: exported.text,
      headers: { 'content-type': 'application/json' },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.counts).toMatchObject({ teams: 1, team_members: 2, paste_shares: 2 });
    expect(await teamsAndShares()).toEqual(before);

    // Sessions are not in a backup: readers sign in again, and read what they could before.
    for (const [who, status] of [
      [member, 200],
      [named, 200],
      [other, 404],
    ] as const) {
      const client = await loginClient(t, who.user.username, who.user.plainPassword);
      expect((await client.get(`/api/pastes/${id}`)).status).toBe(status);
    }
    // New teams continue after the imported ids (PostgreSQL sequences).
    const again = await loginClient(t, author.user.username, author.user.plainPassword);
    expect((await again.post('/api/teams', { name: 'Second', slug: 'second' })).status).toBe(201);
  });

  it('refuses a grant that names both a user and a team, importing nothing', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const doc = JSON.parse((await admin.get('/api/admin/database/export')).text);
    const { id } = doc.tables.users[0];
    doc.tables.teams = [{ id: 1, slug: 'x1', name: 'X', description: '', created_at: 0 }];
    doc.tables.pastes = [];
    doc.tables.paste_shares = [
      { id: 1, paste_id: 'abc', user_id: id, team_id: 1, added_by: null, added_at: 0 },
    ];
    const res = await admin.post('/api/admin/database/import', undefined, {
      raw: JSON.stringify(doc),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await t.db.kysely.selectFrom('teams').selectAll().execute()).toEqual([]);
  });
});
