import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';

/** Backups carry collections, their pastes in order and whom shared ones name; the import restores them. */
const t = withTestApp();

async function collectionTables() {
  const k = t.db.kysely;
  return {
    collections: await k.selectFrom('collections').selectAll().orderBy('id').execute(),
    entries: await k
      .selectFrom('collection_pastes')
      .selectAll()
      .orderBy('collection_id')
      .orderBy('paste_id')
      .execute(),
    shares: await k.selectFrom('collection_shares').selectAll().orderBy('id').execute(),
  };
}

const importDoc = (admin: Awaited<ReturnType<typeof loginClient>>, raw: string) =>
  admin.post('/api/admin/database/import', undefined, {
    raw,
    headers: { 'content-type': 'application/json' },
  });

describe('backups of collections', () => {
  it('round-trip collections, their order and grants; readers see what they saw before', async () => {
    const author = await signedIn(t);
    const named = await signedIn(t);
    const other = await signedIn(t);
    await author.client.post('/api/teams', { name: 'Ops', slug: 'ops' });
    const first = (await createPaste(author.client, { title: 'First' })).id;
    const second = (await createPaste(author.client, { title: 'Second' })).id;
    const made = await author.client.post('/api/collections', {
      name: 'Runbook',
      description: 'In order',
      privacy: 'shared',
      shares: { users: [named.user.username] },
    });
    const id = made.body.collection.id as string;
    await author.client.post(`/api/collections/${id}/pastes/${first}`);
    await author.client.post(`/api/collections/${id}/pastes/${second}`);
    await author.client.request('PATCH', `/api/collections/${id}`, { order: [second, first] });
    const teamOwned = await author.client.post('/api/collections', {
      name: 'Team',
      team: 'ops',
      privacy: 'public',
    });
    expect(teamOwned.status).toBe(201);
    const before = await collectionTables();

    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const exported = await admin.get('/api/admin/database/export');
    expect(exported.status).toBe(200);
    const doc = JSON.parse(exported.text);
    expect(doc.tables.collections).toHaveLength(2);
    expect(doc.tables.collection_pastes).toHaveLength(2);
    expect(doc.tables.collection_shares).toHaveLength(1);

    // Changed after the export: the import puts it all back as it was.
    await author.client.delete(`/api/collections/${id}`);
    const imported = await importDoc(admin, exported.text);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.counts).toMatchObject({
      collections: 2,
      collection_pastes: 2,
      collection_shares: 1,
    });
    expect(await collectionTables()).toEqual(before);

    for (const [who, status] of [
      [author, 200],
      [named, 200],
      [other, 404],
    ] as const) {
      const client = await loginClient(t, who.user.username, who.user.plainPassword);
      const res = await client.get(`/api/collections/${id}`);
      expect(res.status).toBe(status);
      if (status === 200) expect(res.body.pastes.map((p: { id: string }) => p.id)).toEqual([second, first]);
    }
    // New grants continue after the imported ids (PostgreSQL sequences).
    const again = await loginClient(t, author.user.username, author.user.plainPassword);
    const more = await again.post('/api/collections', {
      name: 'After',
      privacy: 'shared',
      shares: { users: [other.user.username] },
    });
    expect(more.status, more.text).toBe(201);
  });

  it('imports a backup made before collections, and refuses a collection with two owners', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const doc = JSON.parse((await admin.get('/api/admin/database/export')).text);
    delete doc.tables.collections;
    delete doc.tables.collection_pastes;
    delete doc.tables.collection_shares;
    expect((await importDoc(admin, JSON.stringify(doc))).status).toBe(200);
    const userId = doc.tables.users[0].id;
    doc.tables.teams = [{ id: 1, slug: 'x1', name: 'X', description: '', created_at: 0 }];
    doc.tables.collections = [
      {
        id: 'abc',
        name: 'Both',
        description: '',
        privacy: 'public',
        user_id: userId,
        team_id: 1,
        created_by: null,
        created_at: 0,
        updated_at: 0,
      },
    ];
    // The import signed everyone out.
    const again = await loginClient(t, ADMIN.username, ADMIN.password);
    const refused = await importDoc(again, JSON.stringify(doc));
    expect(refused.status).toBe(400);
    expect(await t.db.kysely.selectFrom('collections').selectAll().execute()).toEqual([]);
  });
});
