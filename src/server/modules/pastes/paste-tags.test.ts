import { describe, expect, it } from 'vitest';
import { createPaste, createPasteAsForm } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { TAG_MESSAGES } from '../../../common/messages.js';

/** Tags over HTTP: set on create (JSON and form) and edit, shown, filtered, refused when malformed. */
const t = withTestApp({ each: false });

const tagsIn = async (id: string) =>
  (
    await t.db.kysely
      .selectFrom('paste_tags')
      .select('tag')
      .where('paste_id', '=', id)
      .orderBy('tag')
      .execute()
  ).map((r) => r.tag);

describe('paste tags', () => {
  it('are set on create, shown on the paste and in My Pastes, and filter My Pastes', async () => {
    const { client } = await signedIn(t);
    // A second apart: My Pastes lists newest first, and the test clock stands still otherwise.
    const tagged = await createPaste(client, { content: 'x', tags: ['runbook', 'k8s', 'runbook'] });
    t.clock.advance(1000);
    const form = await createPasteAsForm(client, 'y', {
      privacy: 'public',
      expiration: '1d',
      tags: 'logs, incident-42',
    });
    t.clock.advance(1000);
    await createPaste(client, { content: 'untagged' });
    expect((await client.get(`/api/pastes/${tagged.id}`)).body.tags).toEqual(['k8s', 'runbook']);
    expect((await t.client().get(`/api/pastes/${form.id}`)).body.tags).toEqual(['incident-42', 'logs']);
    const mine = await client.get('/api/my-pastes');
    expect(mine.body.pastes.map((p: { tags?: string[] }) => p.tags ?? null)).toEqual([
      null,
      ['incident-42', 'logs'],
      ['k8s', 'runbook'],
    ]);
    const filtered = await client.get('/api/my-pastes?tag=logs');
    expect(filtered.body.pastes.map((p: { id: string }) => p.id)).toEqual([form.id]);
    expect(filtered.body.total).toBe(1);
    expect((await client.get('/api/my-pastes?tag=Bad%20Tag')).status).toBe(400);
  });

  it('refuses a malformed tag or too many, with a clear message, storing nothing', async () => {
    const { client } = await signedIn(t);
    for (const [tags, message] of [
      [['Upper'], TAG_MESSAGES.invalid],
      [['has space'], TAG_MESSAGES.invalid],
      [['-leading'], TAG_MESSAGES.invalid],
      [['x'.repeat(33)], TAG_MESSAGES.invalid],
      [Array.from({ length: 11 }, (_, i) => `t${i}`), TAG_MESSAGES.tooMany],
    ] as const) {
      const res = await client.post('/api/pastes', { content: 'z', tags });
      expect(res.status, JSON.stringify(tags)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await client.get('/api/my-pastes')).body.total).toBe(0);
    const form = new FormData();
    form.append('tags', 'good,Bad');
    form.append('content', new Blob(['z']), 'z.txt');
    const res = await client.post('/api/pastes', undefined, { raw: form });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(TAG_MESSAGES.invalid);
  });

  it('are replaced by an edit that names them, kept by one that does not, with or without new text', async () => {
    const { client } = await signedIn(t);
    const { id } = await createPaste(client, { content: 'one', tags: ['a1', 'b2'] });
    expect((await client.put(`/api/pastes/${id}`, { content: 'two' })).body.revision).toBe(2);
    expect(await tagsIn(id)).toEqual(['a1', 'b2']);
    expect((await client.put(`/api/pastes/${id}`, { content: 'two', tags: ['c3'] })).body.revision).toBe(2);
    expect(await tagsIn(id)).toEqual(['c3']);
    expect((await client.get(`/api/pastes/${id}`)).body.tags).toEqual(['c3']);
    expect((await client.put(`/api/pastes/${id}`, { content: 'three', tags: [] })).body.revision).toBe(3);
    expect(await tagsIn(id)).toEqual([]);
    expect((await client.get(`/api/pastes/${id}`)).body.tags).toBeUndefined();
    const bad = await client.put(`/api/pastes/${id}`, { content: 'four', tags: ['NO'] });
    expect(bad.status).toBe(400);
    expect((await client.get(`/api/pastes/${id}`)).body).toMatchObject({ revision: 3, content: 'three' });
  });

  it('travel in backups and come back with their pastes', async () => {
    const { client } = await signedIn(t);
    const { id } = await createPaste(client, { content: 'kept', tags: ['backup-me'] });
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const exported = await admin.get('/api/admin/database/export');
    const doc = JSON.parse(exported.text);
    expect(doc.tables.paste_tags).toContainEqual({ paste_id: id, tag: 'backup-me' });
    await client.put(`/api/pastes/${id}`, { content: 'kept', tags: [] });
    const imported = await admin.post('/api/admin/database/import', undefined, {
      raw: exported.text,
      headers: { 'content-type': 'application/json' },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(await tagsIn(id)).toEqual(['backup-me']);

    // More than a paste may have is refused, importing nothing.
    doc.tables.paste_tags = Array.from({ length: 11 }, (_, i) => ({ paste_id: id, tag: `t${i}` }));
    const again = await loginClient(t, ADMIN.username, ADMIN.password);
    const refused = await again.post('/api/admin/database/import', undefined, {
      raw: JSON.stringify(doc),
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(400);
    expect(await tagsIn(id)).toEqual(['backup-me']);
  });
});
