import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';

/** Backups carry a multi-file paste's manifest, on the paste and on each revision. */
const t = withTestApp({ env: { PASTE_CREATE_PER_IP_PER_MIN: '1000' } });

const FILES = [
  { name: 'app.ts', content: 'export const x = "ü";\n' },
  { name: 'Lisez-moi é.md', content: '# Été 😀\n' },
];

const importText = (admin: HttpClient, text: string) =>
  admin.post('/api/admin/database/import', undefined, {
    raw: text,
    headers: { 'content-type': 'application/json' },
  });

describe('a backup of multi-file pastes', () => {
  it('round-trips the files of a paste and of its revisions', async () => {
    const { client, user } = await signedIn(t);
    const created = await client.post('/api/pastes', { files: FILES });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    const edited = [...FILES, { name: 'third.txt', content: 'three' }];
    expect((await client.put(`/api/pastes/${id}`, { files: edited })).status).toBe(200);
    const view = async () => (await client.get(`/api/pastes/${id}`)).body;
    const revision1 = async () => (await client.get(`/api/pastes/${id}/revisions/1`)).body;
    const before = { view: await view(), r1: await revision1() };
    expect(before.view.files).toHaveLength(3);
    expect(before.r1.files).toHaveLength(2);

    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const exported = await admin.get('/api/admin/database/export');
    expect(exported.status).toBe(200);
    // Changed after the backup (back to one text), then restored.
    await client.put(`/api/pastes/${id}`, { content: 'one text now' });
    expect(await view()).not.toHaveProperty('files');
    const res = await importText(admin, exported.text);
    expect(res.status, res.text).toBe(200);

    // The restore replaced the sessions: sign in again.
    const again = await loginClient(t, user.username, user.plainPassword);
    const after = (await again.get(`/api/pastes/${id}`)).body;
    expect(after.files).toEqual(before.view.files);
    expect(after.content).toBe(FILES[0]!.content);
    expect((await again.get(`/api/pastes/${id}/revisions/1`)).body.files).toEqual(before.r1.files);
    const file = await fetch(`${t.baseUrl}/api/pastes/${id}/files/${encodeURIComponent(FILES[1]!.name)}/raw`);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(FILES[1]!.content))).toBe(true);
  });

  it('refuses a backup whose manifest is not a list of files', async () => {
    const { client } = await signedIn(t);
    await client.post('/api/pastes', { files: FILES });
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const text = (await admin.get('/api/admin/database/export')).text;
    const broken = text.replace(
      /"files":"\[/,
      '"files":"[{\\"name\\":\\"a/b\\",\\"language\\":null,\\"bytes\\":1},',
    );
    expect(broken).not.toBe(text);
    const res = await importText(admin, broken);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('files: not a list of files');
  });
});
