import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postRaw } from '../../../../test/helpers/loop-stall.js';
import { multipartBody } from '../../../../test/helpers/multipart.js';
import { createUser, loginClient, startTestApp, withTestApp } from '../../../../test/helpers/test-app.js';
import {
  chunkForm,
  sendChunk,
  sha256,
  textOfSize,
  uploadWhole,
  waitAssembled,
} from '../../../../test/helpers/uploads.js';
import { PROCESSING_CONTENT } from '../../../common/constants.js';
import { PASTE_MESSAGES, TAG_MESSAGES, UPLOAD_MESSAGES } from '../../../common/messages.js';
import { generateKey, sealTitle } from '../../../common/paste-crypto/index.js';
import { UPLOAD_IDLE_MS } from './uploads.service.js';

const CHUNK = 64 * 1024;
const t = withTestApp({ env: { TEST_UPLOAD_CHUNK_BYTES: String(CHUNK), TEST_ASSEMBLY_PAUSE_MS: '5' } });

const user = async (role: 'user' | 'vip' = 'user') => {
  const u = await createUser(t, { role });
  return loginClient(t, u.username, u.plainPassword);
};

/** Files under the local store's folder for unfinished uploads. */
const partialFiles = () => fs.readdirSync(path.join(t.dataDir, 'blobs', '.parts'));
const rowCounts = async () => ({
  sessions: (await t.db.kysely.selectFrom('upload_sessions').select('id').execute()).length,
  chunks: (await t.db.kysely.selectFrom('upload_chunks').select('upload_id').execute()).length,
  pastes: (await t.db.kysely.selectFrom('pastes').select('id').execute()).length,
});

async function download(id: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}/api/pastes/${id}/download`, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('chunked upload, local disk', () => {
  it('tells its owner which chunks it holds, so a client can resume; nobody else learns it exists', async () => {
    const c = await user();
    const data = textOfSize(5 * CHUNK + 10);
    const { uploadId } = (await c.post('/api/pastes/upload/init', { totalChunks: 6, totalSize: data.length }))
      .body;
    for (const i of [0, 3, 5]) {
      expect((await sendChunk(c, uploadId, i, data.subarray(i * CHUNK, (i + 1) * CHUNK))).status).toBe(200);
    }
    const status = await c.get(`/api/pastes/upload/${uploadId}`);
    expect(status.status).toBe(200);
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(status.body).toMatchObject({
      uploadId,
      status: 'receiving',
      totalChunks: 6,
      totalSize: data.length,
      chunkSize: CHUNK,
      chunksReceived: [0, 3, 5],
      pasteId: null,
      sha256: null,
    });
    expect(Date.parse(status.body.expiresAt) - Date.now()).toBeGreaterThan(UPLOAD_IDLE_MS - 60_000);

    // Another account, a visitor and an unknown id all get the same 404 / 401.
    const other = await user();
    expect((await other.get(`/api/pastes/upload/${uploadId}`)).body.message).toBe(
      UPLOAD_MESSAGES.sessionNotFound,
    );
    expect((await t.client().get(`/api/pastes/upload/${uploadId}`)).status).toBe(401);
    expect((await c.get('/api/pastes/upload/nope')).status).toBe(404);

    for (const i of [1, 2, 4]) await sendChunk(c, uploadId, i, data.subarray(i * CHUNK, (i + 1) * CHUNK));
    const { id } = (await c.post('/api/pastes/upload/finalize', { uploadId })).body;
    await waitAssembled(c, id);
    expect((await c.get(`/api/pastes/upload/${uploadId}`)).body).toMatchObject({
      status: 'done',
      pasteId: id,
      chunksReceived: [0, 1, 2, 3, 4, 5],
      sha256: sha256(data),
    });
  });

  it('uploads, assembles and serves the file byte for byte, as an extreme paste with Range', async () => {
    const c = await user();
    const data = textOfSize(10 * 1024 * 1024 + 12_345);
    const { id } = await uploadWhole(c, data, CHUNK, { title: 'server.log', expiration: '1w' });

    const progress = await waitAssembled(c, id);
    expect(progress.at(-1)).toBe(100);
    // Monotone: a poller never sees progress go back.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBeGreaterThan(2);

    const view = await c.get(`/api/pastes/${id}`);
    expect(view.body).toMatchObject({ title: 'server.log', isExtreme: true, expiration: '1w' });
    expect(view.body.content).toBeUndefined();
    expect(view.body.downloadUrl).toBe(`/api/pastes/${id}/download`);

    const whole = await download(id);
    expect(whole.res.headers.get('content-length')).toBe(String(data.length));
    expect(whole.res.headers.get('content-disposition')).toContain('attachment');
    expect(sha256(whole.body)).toBe(sha256(data));
    const part = await download(id, { range: 'bytes=1000-1999' });
    expect(part.res.status).toBe(206);
    expect(part.body.equals(data.subarray(1000, 2000))).toBe(true);
    // Nothing of the upload is left behind but the paste, and the session's answer to finalize.
    expect(await rowCounts()).toEqual({ sessions: 1, chunks: 0, pastes: 1 });
    const session = await t.db.kysely.selectFrom('upload_sessions').selectAll().executeTakeFirstOrThrow();
    expect([session.status, session.paste_id]).toEqual(['done', id]);
    expect(partialFiles()).toEqual([]);
  });

  it('shows the paste as processing until it is assembled', async () => {
    // An instance of the same site whose assembly takes at least 4 s (40 reports, 100 ms apart),
    // so the read right after finalize comes while it runs even on a loaded machine.
    const slowSite = await startTestApp({
      sharing: t,
      clock: t.clock,
      env: { TEST_UPLOAD_CHUNK_BYTES: String(CHUNK), TEST_ASSEMBLY_PAUSE_MS: '100' },
    });
    try {
      const u = await createUser(t);
      const uploader = await loginClient(slowSite, u.username, u.plainPassword);
      const data = textOfSize(40 * CHUNK);
      const { id } = await uploadWhole(uploader, data, CHUNK);
      const early = await slowSite.client().get(`/api/pastes/${id}`);
      // Assembly only moves forward: still unfinished after the read means unfinished during it.
      const after = await uploader.get(`/api/pastes/${id}/assembly-progress`);
      expect(after.body.isComplete, 'the assembly was still running after the early read').toBe(false);
      expect(early.status).toBe(200);
      expect(early.body.content).toBe(PROCESSING_CONTENT);
      await waitAssembled(uploader, id);
      const done = await slowSite.client().get(`/api/pastes/${id}`);
      expect(done.body.content).toBe(data.toString('utf8'));
    } finally {
      await slowSite.close();
    }
  });

  it('refuses a chunk for no upload after reading the rest of its body, not stalling on it', async () => {
    const u = await createUser(t);
    const c = await loginClient(t, u.username, u.plainPassword);
    const key = (await c.post('/api/user/regenerate-api-key', {})).body.apiKey as string;
    const { body, contentType } = multipartBody(
      { uploadId: 'no-such-upload', chunkIndex: '0' },
      Buffer.alloc(20 * 1024 * 1024, 'x'),
      { fileField: 'chunk' },
    );
    const res = await postRaw(t.baseUrl, '/api/pastes/upload/chunk', body, {
      'Content-Type': contentType,
      'x-api-key': key,
    });
    expect(res.status).toBe(404);
    expect(res.text).toContain(UPLOAD_MESSAGES.sessionNotFound);
    // The chunk part nobody read would hold the request back until the drain's time ran out.
    expect(res.bodySentFirst).toBe(true);
  });

  it('accepts an API key, and the file part before the fields (spooled)', async () => {
    const u = await createUser(t);
    const c = await loginClient(t, u.username, u.plainPassword);
    const key = (await c.post('/api/user/regenerate-api-key', {})).body.apiKey as string;
    const api = t.client();
    const data = textOfSize(CHUNK + 10);
    const init = await api.post(
      '/api/pastes/upload/init',
      { totalChunks: 2, totalSize: data.length },
      { headers: { 'x-api-key': key }, noOrigin: true },
    );
    expect(init.status).toBe(200);
    const { uploadId } = init.body;
    const first = await api.post('/api/pastes/upload/chunk', undefined, {
      raw: chunkForm(uploadId, 0, data.subarray(0, CHUNK), true),
      headers: { 'x-api-key': key },
      noOrigin: true,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ uploadId, chunkIndex: 0, chunksReceived: 1 });
    expect((await sendChunk(api, uploadId, 1, data.subarray(CHUNK), { 'x-api-key': key })).status).toBe(200);
    const fin = await api.post(
      '/api/pastes/upload/finalize',
      { uploadId },
      { headers: { 'x-api-key': key } },
    );
    expect(fin.status).toBe(201);
    await waitAssembled(api, fin.body.id);
    expect(sha256((await download(fin.body.id)).body)).toBe(sha256(data));
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp', 'chunks'))).toEqual([]);
  });

  it('answers the spec’s errors and writes nothing for them', async () => {
    const visitor = t.client();
    const init = { totalChunks: 1, totalSize: 10 };
    expect((await visitor.post('/api/pastes/upload/init', init)).body).toEqual({
      error: 'UNAUTHORIZED',
      message: UPLOAD_MESSAGES.signInRequired,
      requestId: expect.any(String),
    });
    const badKey = await visitor.post('/api/pastes/upload/init', init, {
      headers: { 'x-api-key': 'pb_wrong' },
    });
    expect([badKey.status, badKey.body.message]).toEqual([401, 'Invalid API key']);

    const c = await user();
    const unlimited = await c.post('/api/pastes/upload/init', { ...init, expiration: 'unlimited' });
    expect([unlimited.status, unlimited.body.message]).toEqual([403, PASTE_MESSAGES.unlimitedNeedsVip]);
    expect((await c.post('/api/pastes/upload/init', {})).status).toBe(400);
    expect((await c.post('/api/pastes/upload/init', { totalChunks: 1 })).status).toBe(400);
    const inconsistent = await c.post('/api/pastes/upload/init', { totalChunks: 1, totalSize: CHUNK + 1 });
    expect([inconsistent.status, inconsistent.body.message]).toEqual([
      400,
      `totalChunks must be 2 for ${CHUNK + 1} bytes in chunks of ${CHUNK} bytes`,
    ]);
    // The site's size setting is unlimited by default; MAX_PASTE_BYTES (2 GiB) still holds.
    const tooBig = await c.post('/api/pastes/upload/init', { totalChunks: 49_152, totalSize: 3 * 1024 ** 3 });
    expect([tooBig.status, tooBig.body.message]).toEqual([
      413,
      'Paste is 3072.00 MB. Maximum size is 2048.00 MB.',
    ]);
    const password = await c.post('/api/pastes/upload/init', { ...init, privacy: 'password' });
    expect([password.status, password.body.message]).toEqual([400, PASTE_MESSAGES.passwordRequired]);
    expect(await rowCounts()).toEqual({ sessions: 0, chunks: 0, pastes: 0 });

    const unknown = await sendChunk(c, 'no-such-upload', 0, Buffer.from('x'));
    expect([unknown.status, unknown.body.message]).toEqual([404, UPLOAD_MESSAGES.sessionNotFound]);
    const fin = await c.post('/api/pastes/upload/finalize', { uploadId: 'no-such-upload' });
    expect([fin.status, fin.body.message]).toEqual([404, UPLOAD_MESSAGES.sessionNotFound]);

    const { uploadId } = (
      await c.post('/api/pastes/upload/init', { totalChunks: 3, totalSize: 2 * CHUNK + 5 })
    ).body;
    expect((await sendChunk(c, uploadId, 0, textOfSize(CHUNK))).status).toBe(200);
    const missing = await c.post('/api/pastes/upload/finalize', { uploadId });
    expect([missing.status, missing.body.message]).toEqual([400, UPLOAD_MESSAGES.notAllChunks]);
    expect((await rowCounts()).pastes).toBe(0);
  });

  it('checks every chunk’s index and exact size, and lets a chunk be sent again', async () => {
    const c = await user();
    const data = textOfSize(2 * CHUNK + 5);
    const { uploadId } = (await c.post('/api/pastes/upload/init', { totalChunks: 3, totalSize: data.length }))
      .body;
    const status = async (index: number, bytes: Buffer) => {
      const r = await sendChunk(c, uploadId, index, bytes);
      return [r.status, r.body.message];
    };
    expect(await status(-1, Buffer.from('x'))).toEqual([400, 'chunkIndex: a whole number from 0']);
    expect(await status(3, Buffer.from('x'))).toEqual([400, 'chunkIndex must be from 0 to 2']);
    expect(await status(0, textOfSize(CHUNK + 1))).toEqual([400, `Chunk 0 must be exactly ${CHUNK} bytes`]);
    expect(await status(0, textOfSize(CHUNK - 1))).toEqual([400, `Chunk 0 must be exactly ${CHUNK} bytes`]);
    expect(await status(2, Buffer.from('1234'))).toEqual([400, 'Chunk 2 must be exactly 5 bytes']);
    // A wrong first try of chunk 1, then the right one: the second replaces the first.
    expect((await sendChunk(c, uploadId, 1, Buffer.alloc(CHUNK, 'z'))).status).toBe(200);
    for (const i of [2, 0, 1]) {
      expect((await sendChunk(c, uploadId, i, data.subarray(i * CHUNK, (i + 1) * CHUNK))).status).toBe(200);
    }
    const fin = await c.post('/api/pastes/upload/finalize', { uploadId });
    await waitAssembled(c, fin.body.id);
    expect(sha256((await download(fin.body.id)).body)).toBe(sha256(data));
  });

  it('keeps an upload to its owner', async () => {
    const owner = await user();
    const other = await user();
    const { uploadId } = (await owner.post('/api/pastes/upload/init', { totalChunks: 1, totalSize: 4 })).body;
    const theirs = await sendChunk(other, uploadId, 0, Buffer.from('abcd'));
    expect([theirs.status, theirs.body.message]).toEqual([404, UPLOAD_MESSAGES.sessionNotFound]);
    expect((await other.post('/api/pastes/upload/cancel', { uploadId })).status).toBe(404);
    expect((await other.post('/api/pastes/upload/finalize', { uploadId })).status).toBe(404);
    expect((await rowCounts()).chunks).toBe(0);
  });

  it('cancel removes the session and its bytes; the id is unknown afterwards', async () => {
    const c = await user();
    const { uploadId } = (await c.post('/api/pastes/upload/init', { totalChunks: 2, totalSize: CHUNK + 1 }))
      .body;
    await sendChunk(c, uploadId, 0, textOfSize(CHUNK));
    expect(partialFiles()).toHaveLength(1);
    expect((await c.post('/api/pastes/upload/cancel', { uploadId })).body).toEqual({ cancelled: true });
    expect(partialFiles()).toEqual([]);
    expect(await rowCounts()).toEqual({ sessions: 0, chunks: 0, pastes: 0 });
    const after = await sendChunk(c, uploadId, 1, Buffer.from('x'));
    expect([after.status, after.body.message]).toEqual([404, UPLOAD_MESSAGES.sessionNotFound]);
  });

  it('finalize twice answers the same paste, and makes one', async () => {
    const c = await user();
    const data = textOfSize(CHUNK * 2);
    const { uploadId, id } = await uploadWhole(c, data, CHUNK);
    const again = await c.post('/api/pastes/upload/finalize', { uploadId });
    const [a, b] = await Promise.all([
      c.post('/api/pastes/upload/finalize', { uploadId }),
      c.post('/api/pastes/upload/finalize', { uploadId }),
    ]);
    await waitAssembled(c, id);
    // And once assembled too: a client whose first answer was lost (a proxy's 502) gets its paste.
    const late = await c.post('/api/pastes/upload/finalize', { uploadId });
    for (const r of [again, a, b, late]) expect([r.status, r.body.id]).toEqual([201, id]);
    expect((await rowCounts()).pastes).toBe(1);
  });

  it('gives the paste the tags its init named, once however often it is finalized; not to an encrypted one', async () => {
    const c = await user();
    const { uploadId, id } = await uploadWhole(c, textOfSize(CHUNK + 10), CHUNK, {
      tags: ['incident-42', 'db-dump', 'incident-42'],
    });
    await c.post('/api/pastes/upload/finalize', { uploadId });
    await waitAssembled(c, id);
    expect((await c.get(`/api/pastes/${id}`)).body.tags).toEqual(['db-dump', 'incident-42']);
    const tagged = await c.get('/api/my-pastes?tag=db-dump');
    expect(tagged.body.pastes.map((p: { id: string }) => p.id)).toEqual([id]);
    const rows = await t.db.kysely
      .selectFrom('paste_tags')
      .select('tag')
      .where('paste_id', '=', id)
      .execute();
    expect(rows).toHaveLength(2);

    const before = await rowCounts();
    const init = { totalChunks: 1, totalSize: 100 };
    const bad = await c.post('/api/pastes/upload/init', { ...init, tags: ['Not A Tag'] });
    expect([bad.status, bad.body.message]).toEqual([400, `tags.0: ${TAG_MESSAGES.invalid}`]);
    const sealed = await c.post('/api/pastes/upload/init', {
      ...init,
      encrypted: true,
      sealedTitle: await sealTitle(await generateKey(), 'dump.sql'),
      tags: ['secret'],
    });
    expect([sealed.status, sealed.body.message]).toEqual([400, TAG_MESSAGES.encrypted]);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a file that is not UTF-8 text and says so to the uploader', async () => {
    const c = await user();
    const data = textOfSize(CHUNK + 100);
    data[CHUNK + 50] = 0xff;
    const { id } = await uploadWhole(c, data, CHUNK);
    let res = await c.get(`/api/pastes/${id}/assembly-progress`);
    for (let i = 0; res.status === 200 && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      res = await c.get(`/api/pastes/${id}/assembly-progress`);
    }
    expect([res.status, res.body.message]).toEqual([422, UPLOAD_MESSAGES.notUtf8]);
    expect((await c.get(`/api/pastes/${id}`)).status).toBe(404);
    expect((await rowCounts()).pastes).toBe(0);
  });

  it('collects sessions idle for 24 hours, with their bytes, once', async () => {
    const c = await user();
    const { uploadId } = (await c.post('/api/pastes/upload/init', { totalChunks: 2, totalSize: CHUNK + 1 }))
      .body;
    await sendChunk(c, uploadId, 0, textOfSize(CHUNK));
    const { uploads } = t.app.services;
    t.clock.advance(UPLOAD_IDLE_MS - 1000);
    expect(await uploads.collectAbandoned()).toBe(0);
    t.clock.advance(2000);
    const [first, second] = await Promise.all([uploads.collectAbandoned(), uploads.collectAbandoned()]);
    expect(first + second).toBe(1);
    expect(partialFiles()).toEqual([]);
    expect(await rowCounts()).toEqual({ sessions: 0, chunks: 0, pastes: 0 });
    expect((await sendChunk(c, uploadId, 1, Buffer.from('x'))).status).toBe(404);
  });

  it('limits unfinished uploads per account', async () => {
    const c = await user();
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/api/pastes/upload/init', { totalChunks: 1, totalSize: 10 })).status).toBe(200);
    }
    const sixth = await c.post('/api/pastes/upload/init', { totalChunks: 1, totalSize: 10 });
    expect(sixth.status).toBe(429);
  });

  it('lets a VIP choose unlimited and keeps the options on the paste', async () => {
    const c = await user('vip');
    const { id } = await uploadWhole(c, textOfSize(100), CHUNK, {
      expiration: 'unlimited',
      privacy: 'password',
      password: 'secret-1',
      title: 'vip file',
      language: 'rust',
    });
    await waitAssembled(c, id);
    const row = await t.db.kysely
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      expiration: 'unlimited',
      expires_at: null,
      privacy: 'password',
      status: 'ready',
    });
    const stranger = await t.client().get(`/api/pastes/${id}`);
    expect(stranger.body.requiresPassword).toBe(true);
    expect((await t.client().post(`/api/pastes/${id}/verify`, { password: 'secret-1' })).body.content).toBe(
      textOfSize(100).toString('utf8'),
    );
  });
});
