import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { createPaste } from '../../../../test/helpers/pastes.js';
import {
  ADMIN,
  completeSetup,
  loginClient,
  signedIn,
  startTestApp,
  withTestApp,
} from '../../../../test/helpers/test-app.js';
import { EXTREME_PASTE_BYTES } from '../../../common/constants.js';
import { diffLinesOf } from '../../../common/line-diff.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';

/** Edits and revisions, on the dialect under test. */
const t = withTestApp({ env: { PASTE_CREATE_PER_IP_PER_MIN: '1000' } });

const BLOB_TEXT = (tag: string) => `${tag}\n${'0123456789abcdef'.repeat(20_000)}\n`; // 320 KB: a blob

function storedBlobs(): string[] {
  const root = path.join(t.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile(),
  );
}

async function revisionRows(id: string) {
  const revisions = await t.db.kysely
    .selectFrom('paste_revisions')
    .selectAll()
    .where('paste_id', '=', id)
    .execute();
  const contents = await t.db.kysely
    .selectFrom('paste_revision_contents')
    .select(['sha256', 'blob_key'])
    .where('paste_id', '=', id)
    .execute();
  return { revisions: revisions.length, contents: contents.length };
}

async function author(body: Record<string, unknown> = {}) {
  const { client, user } = await signedIn(t);
  const { id } = await createPaste(client, {
    title: 'Notes',
    content: 'one\ntwo\nthree\n',
    language: 'markdown',
    ...body,
  });
  return { client, user, id };
}

const edit = (client: HttpClient, id: string, body: Record<string, unknown>) =>
  client.put(`/api/pastes/${id}`, body);

describe('editing a paste', () => {
  it('saves a new revision the paste shows at once, marked edited, keeping the original as revision 1', async () => {
    const { client, id } = await author();
    const before = (await t.client().get(`/api/pastes/${id}`)).body;
    expect(before).toMatchObject({ revision: 1, editedAt: null });
    t.clock.advance(60_000);
    const res = await edit(client, id, { content: 'one\n2\nthree\nfour\n', title: 'Notes v2' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, revision: 2 });

    const view = (await t.client().get(`/api/pastes/${id}`)).body;
    expect(view).toMatchObject({
      content: 'one\n2\nthree\nfour\n',
      title: 'Notes v2',
      language: 'markdown', // absent from the edit: kept
      revision: 2,
      editedAt: new Date(t.clock.now()).toISOString(),
      privacy: 'public',
      expiration: '1d',
    });
    expect(view.expiresAt).toBe(before.expiresAt);

    const list = await t.client().get(`/api/pastes/${id}/revisions`);
    expect(list.status).toBe(200);
    expect(list.body.revisions).toEqual([
      expect.objectContaining({ number: 1, title: 'Notes', sizeBytes: 14, linesAdded: 3, linesRemoved: 0 }),
      expect.objectContaining({
        number: 2,
        title: 'Notes v2',
        sizeBytes: 17,
        linesAdded: 2,
        linesRemoved: 1,
      }),
    ]);
    const first = await t.client().get(`/api/pastes/${id}/revisions/1`);
    expect(first.body).toMatchObject({ number: 1, content: 'one\ntwo\nthree\n', revisionCount: 2 });
    const raw = await t.client().get(`/api/pastes/${id}/revisions/1/raw`);
    expect(raw.status).toBe(200);
    expect(raw.text).toBe('one\ntwo\nthree\n');
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const download = await t.client().get(`/api/pastes/${id}/revisions/2/download`);
    expect(download.text).toBe('one\n2\nthree\nfour\n');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Notes-v2\.md"/);
    const range = await t
      .client()
      .get(`/api/pastes/${id}/revisions/1/raw`, { headers: { range: 'bytes=4-6' } });
    expect(range.status).toBe(206);
    expect(range.text).toBe('two');
  });

  it('gives the browser both sides of a diff: the revisions differ exactly by the edit', async () => {
    const { client, id } = await author();
    await edit(client, id, { content: 'one\nTWO\nthree\n' });
    const [a, b] = await Promise.all(
      [1, 2].map(async (n) => (await t.client().get(`/api/pastes/${id}/revisions/${n}`)).body.content),
    );
    expect(diffLinesOf(a, b)?.filter((l) => l.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'two', oldLine: 2, newLine: null },
      { kind: 'added', text: 'TWO', oldLine: null, newLine: 2 },
    ]);
  });

  it('lists a paste never edited as its one revision, read from the paste itself', async () => {
    const { id } = await author();
    const list = await t.client().get(`/api/pastes/${id}/revisions`);
    expect(list.body.revisions).toEqual([
      expect.objectContaining({ number: 1, title: 'Notes', linesAdded: 3, linesRemoved: 0, sizeBytes: 14 }),
    ]);
    expect((await t.client().get(`/api/pastes/${id}/revisions/1/raw`)).text).toBe('one\ntwo\nthree\n');
    const missing = await t.client().get(`/api/pastes/${id}/revisions/2`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(PASTE_MESSAGES.revisionNotFound);
    expect((await t.client().get(`/api/pastes/${id}/revisions/x`)).status).toBe(400);
    expect(await revisionRows(id)).toEqual({ revisions: 0, contents: 0 });
  });

  it('takes an API key, with no session or CSRF header', async () => {
    const { client, id } = await author();
    const key = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
    const res = await fetch(`${t.baseUrl}/api/pastes/${id}`, {
      method: 'PUT',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'by key\n' }),
    });
    expect(res.status).toBe(200);
    expect((await t.client().get(`/api/pastes/${id}`)).body.content).toBe('by key\n');
  });

  it('refuses anyone but the signed-in author, and changes nothing', async () => {
    const { id } = await author();
    const stranger = (await signedIn(t)).client;
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    for (const who of [stranger, admin]) {
      const res = await edit(who, id, { content: 'mine now' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PASTE_MESSAGES.editNotYours);
    }
    expect((await edit(t.client(), id, { content: 'anon' })).status).toBe(401);
    // An anonymous paste has no owner to prove: even its creator's token edits nothing.
    const anon = await createPaste(t.client(), { content: 'as made' });
    const res = await t
      .client()
      .put(
        `/api/pastes/${anon.id}`,
        { content: 'changed' },
        { headers: { 'x-creator-token': anon.creatorToken! } },
      );
    expect(res.status).toBe(401);
    expect((await t.client().get(`/api/pastes/${id}`)).body).toMatchObject({
      content: 'one\ntwo\nthree\n',
      revision: 1,
    });
    expect((await t.client().get(`/api/pastes/${anon.id}`)).body.content).toBe('as made');
  });

  it('refuses burn-after-reading, processing and extreme pastes', async () => {
    const { client, user, id: burnId } = await author({ expiration: 'burn', burnAfterReading: true });
    const burn = await edit(client, burnId, { content: 'x' });
    expect([burn.status, burn.body.message]).toEqual([403, PASTE_MESSAGES.editBurn]);
    // A burn paste has no revisions to read, and asking does not burn it.
    const revs = await t.client().get(`/api/pastes/${burnId}/revisions`);
    expect([revs.status, revs.body.message]).toEqual([409, PASTE_MESSAGES.burnHasNoRevisions]);
    expect((await t.client().get(`/api/pastes/${burnId}?reveal=false`)).body.requiresReveal).toBe(true);

    const base = {
      privacy: 'public',
      password_hash: null,
      expiration: '1d',
      expires_at: null,
      burn_after_reading: 0,
    } as const;
    const row = (id: string, extra: object) => ({
      ...base,
      id,
      title: null,
      content: 'x',
      blob_key: null,
      size_bytes: 1,
      burn_claimed_at: null,
      creator_token_hash: null,
      status: 'ready' as const,
      language: null,
      view_count: 0,
      user_id: user.id,
      created_at: t.clock.now(),
      sweep_claimed_at: null,
      ...extra,
    });
    await t.db.kysely
      .insertInto('pastes')
      .values([
        row('processingpaste', { status: 'processing' }),
        row('extremepaste1', { size_bytes: EXTREME_PASTE_BYTES + 1 }),
      ])
      .execute();
    const processing = await edit(client, 'processingpaste', { content: 'x' });
    expect([processing.status, processing.body.message]).toEqual([409, PASTE_MESSAGES.editProcessing]);
    const extreme = await edit(client, 'extremepaste1', { content: 'x' });
    expect([extreme.status, extreme.body.message]).toEqual([403, PASTE_MESSAGES.editExtreme]);
    expect((await edit(client, 'nosuchpaste1', { content: 'x' })).status).toBe(404);
  });

  it('refuses an edit over 10 MB or the site limit, blank text and unknown fields', async () => {
    const { client, id } = await author();
    const big = await edit(client, id, { content: 'x'.repeat(EXTREME_PASTE_BYTES + 1) });
    expect([big.status, big.body.message]).toEqual([413, PASTE_MESSAGES.editTooLarge]);
    expect((await edit(client, id, { content: ' \n ' })).body.message).toBe(PASTE_MESSAGES.emptyContent);
    for (const body of [
      { content: 'x', privacy: 'unlisted' },
      { content: 'x', expiration: '1h' },
      { content: 1 },
    ]) {
      expect((await edit(client, id, body)).status).toBe(400);
    }
    expect((await t.client().get(`/api/pastes/${id}`)).body).toMatchObject({
      revision: 1,
      privacy: 'public',
    });

    const small = await startTestApp({ env: { MAX_PASTE_BYTES: '1000' } });
    try {
      await completeSetup(small);
      const owner = await signedIn(small);
      const made = await createPaste(owner.client, { content: 'short' });
      const res = await edit(owner.client, made.id, { content: 'y'.repeat(1001) });
      expect(res.status).toBe(413);
      expect((await edit(owner.client, made.id, { content: 'y'.repeat(1000) })).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('keeps a password paste locked: every revision needs its password or a grant', async () => {
    const { client, id } = await author({ privacy: 'password', password: 'open-sesame' });
    expect((await edit(client, id, { content: 'second' })).status).toBe(200);
    expect((await t.client().get(`/api/pastes/${id}`)).body).toMatchObject({
      requiresPassword: true,
      revision: 2,
    });
    for (const url of [
      `/api/pastes/${id}/revisions`,
      `/api/pastes/${id}/revisions/1`,
      `/api/pastes/${id}/revisions/1/raw`,
    ]) {
      const res = await t.client().get(url);
      expect([url, res.status, res.body.message]).toEqual([url, 401, PASTE_MESSAGES.passwordProtected]);
    }
    const wrong = await t
      .client()
      .get(`/api/pastes/${id}/revisions/1/raw`, { headers: { 'x-paste-password': 'nope' } });
    expect(wrong.status).toBe(403);
    const right = await t
      .client()
      .get(`/api/pastes/${id}/revisions/1/raw`, { headers: { 'x-paste-password': 'open-sesame' } });
    expect(right.text).toBe('one\ntwo\nthree\n');
    const { accessToken } = (await t.client().post(`/api/pastes/${id}/verify`, { password: 'open-sesame' }))
      .body;
    const granted = await t
      .client()
      .get(`/api/pastes/${id}/revisions/2?access=${encodeURIComponent(accessToken)}`);
    expect(granted.body.content).toBe('second');
    // The author reads their own without one.
    expect((await client.get(`/api/pastes/${id}/revisions`)).body.revisions).toHaveLength(2);
  });

  it('stores equal contents once, inline and in blobs', async () => {
    const { client, id } = await author();
    for (const content of ['A\n', 'one\ntwo\nthree\n', 'A\n'])
      expect((await edit(client, id, { content })).status).toBe(200);
    expect(await revisionRows(id)).toEqual({ revisions: 4, contents: 2 });

    const blobbed = await author({ content: BLOB_TEXT('first') });
    const blobsBefore = storedBlobs().length;
    for (const content of [BLOB_TEXT('second'), BLOB_TEXT('first'), BLOB_TEXT('second')]) {
      expect((await edit(blobbed.client, blobbed.id, { content })).status).toBe(200);
    }
    expect(await revisionRows(blobbed.id)).toEqual({ revisions: 4, contents: 2 });
    expect(storedBlobs().length).toBe(blobsBefore + 1); // only "second" is new
    expect((await t.client().get(`/api/pastes/${blobbed.id}/revisions/3/raw`)).text).toBe(BLOB_TEXT('first'));
    expect((await t.client().get(`/api/pastes/${blobbed.id}`)).body.content).toBe(BLOB_TEXT('second'));
  });

  it('makes no revision when nothing changed', async () => {
    const { client, id } = await author();
    expect((await edit(client, id, { content: 'one\ntwo\nthree\n', title: 'Notes' })).body).toEqual({
      id,
      revision: 1,
    });
    expect((await edit(client, id, { content: 'new\n' })).body.revision).toBe(2);
    expect((await edit(client, id, { content: 'new\n' })).body.revision).toBe(2);
    expect((await edit(client, id, { content: 'new\n', language: 'python' })).body.revision).toBe(3);
  });

  it('refuses an edit made from an older revision (baseRevision) instead of overwriting the newer', async () => {
    const { client, id } = await author();
    expect((await edit(client, id, { content: 'tab 1\n', baseRevision: 1 })).status).toBe(200);
    const stale = await edit(client, id, { content: 'tab 2\n', baseRevision: 1 });
    expect([stale.status, stale.body.message]).toEqual([409, PASTE_MESSAGES.editedMeanwhile]);
    expect((await t.client().get(`/api/pastes/${id}`)).body.content).toBe('tab 1\n');
    expect(await revisionRows(id)).toEqual({ revisions: 2, contents: 2 });
  });

  it('lets only one of two racing edits from the same revision win', async () => {
    const { client, id } = await author();
    const results = await Promise.all(
      ['left\n', 'right\n'].map((content) => edit(client, id, { content, baseRevision: 1 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await revisionRows(id)).toEqual({ revisions: 2, contents: 2 });
  });

  it('warns of secrets in a public edit, and refuses it with checkSecrets', async () => {
    const { client, id } = await author();
    const leaky = `token: ghp_${'a1B2c3D4e5F6'.repeat(3)}\n`;
    const refused = await edit(client, id, { content: leaky, checkSecrets: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'SECRETS_DETECTED',
      secretsFound: [{ kind: 'github-token', line: 1 }],
    });
    expect((await t.client().get(`/api/pastes/${id}`)).body.revision).toBe(1);
    const warned = await edit(client, id, { content: leaky });
    expect(warned.body).toEqual({ id, revision: 2, secretsFound: [{ kind: 'github-token', line: 1 }] });
    const unlisted = await author({ privacy: 'unlisted' });
    expect((await edit(unlisted.client, unlisted.id, { content: leaky, checkSecrets: true })).status).toBe(
      200,
    );
  });
});

describe('removing an edited paste', () => {
  it('takes every revision and blob with a staff deletion', async () => {
    const blobsBefore = storedBlobs().length;
    const { client, id } = await author({ content: BLOB_TEXT('v1') });
    await edit(client, id, { content: BLOB_TEXT('v2') });
    await edit(client, id, { content: 'small now\n' });
    expect(storedBlobs().length).toBe(blobsBefore + 2);
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    expect((await admin.delete(`/api/pastes/${id}`)).status).toBe(200);
    expect(await revisionRows(id)).toEqual({ revisions: 0, contents: 0 });
    expect(storedBlobs().length).toBe(blobsBefore);
    expect((await t.client().get(`/api/pastes/${id}/revisions/1/raw`)).status).toBe(404);
  });

  it('takes every revision and blob when the paste expires and is swept', async () => {
    const blobsBefore = storedBlobs().length;
    const { client, id } = await author({ content: BLOB_TEXT('v1'), expiration: '1h' });
    await edit(client, id, { content: BLOB_TEXT('v2') });
    t.clock.advance(2 * 3_600_000);
    expect((await t.client().get(`/api/pastes/${id}/revisions`)).status).toBe(404);
    await t.app.services.pastes.sweep();
    expect(await revisionRows(id)).toEqual({ revisions: 0, contents: 0 });
    expect(storedBlobs().length).toBe(blobsBefore);
  });
});
