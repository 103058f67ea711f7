import { describe, expect, it } from 'vitest';
import { createPaste, storedViewCount } from '../../../../test/helpers/pastes.js';
import { completeSetup, signedIn, startTestApp, withTestApp } from '../../../../test/helpers/test-app.js';
import { PROCESSING_CONTENT } from '../../../common/constants.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import { sweepDeadPastes } from './pastes.sweeper.js';

// Behind a loopback "proxy", so a test can read as several clients (X-Forwarded-For); some tests
// create more pastes from one address than the default creation limit lets through.
const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1', PASTE_CREATE_PER_IP_PER_MIN: '1000' } });

describe('creating pastes', () => {
  it('stores a public paste and shows every field of the spec', async () => {
    const { id, creatorToken } = await createPaste(t.client(), {
      title: 'Hello',
      content: 'console.log(1)\n',
    });
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(creatorToken).toBeTypeOf('string');
    const res = await t.client().get(`/api/pastes/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      id,
      title: 'Hello',
      content: 'console.log(1)\n',
      privacy: 'public',
      expiration: '1d',
      burnAfterReading: false,
      viewCount: 1,
      username: 'Anonymous',
      userRole: null,
      isExtreme: false,
      requiresPassword: false,
    });
    expect(new Date(res.body.expiresAt).getTime() - new Date(res.body.createdAt).getTime()).toBe(86_400_000);
  });

  it('names the author and role of a signed-in creator', async () => {
    const { user, client } = await signedIn(t, 'vip');
    const { id, creatorToken } = await createPaste(client, { expiration: 'unlimited' });
    expect(creatorToken).toBeUndefined();
    const res = await t.client().get(`/api/pastes/${id}`);
    expect(res.body).toMatchObject({ username: user.username, userRole: 'vip', expiresAt: null });
    expect(res.body.vipBanner).toEqual({ bannerUrl: null, bannerLink: null });
  });

  it.each([
    [{ content: '   \n\t ' }, 400, PASTE_MESSAGES.emptyContent],
    [{ privacy: 'password', password: '' }, 400, PASTE_MESSAGES.passwordRequired],
    [{ expiration: '6m' }, 403, PASTE_MESSAGES.sixMonthsNeedsAccount],
    [{ expiration: 'unlimited' }, 403, PASTE_MESSAGES.unlimitedNeedsVip],
    [{ title: 'x'.repeat(81) }, 400, PASTE_MESSAGES.titleTooLong],
    [{ title: 'x'.repeat(100_000) }, 400, PASTE_MESSAGES.titleTooLong],
    [{ expiration: '2y' }, 400, null],
    [{ privacy: 'secret' }, 400, null],
    [{ content: 42 }, 400, null],
  ])('refuses %j for a visitor and stores nothing', async (body, status, message) => {
    const res = await t
      .client()
      .post('/api/pastes', { content: 'x', privacy: 'public', expiration: '1d', ...body });
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toMatch(message);
    expect(await t.db.kysely.selectFrom('pastes').selectAll().execute()).toHaveLength(0);
  });

  it('lets users choose 6 months but only vip, manager and admin unlimited', async () => {
    const { client: user } = await signedIn(t, 'user');
    expect((await user.post('/api/pastes', { content: 'x', expiration: '6m' })).status).toBe(201);
    expect((await user.post('/api/pastes', { content: 'x', expiration: 'unlimited' })).status).toBe(403);
    for (const role of ['vip', 'manager', 'admin'] as const) {
      const { client } = await signedIn(t, role);
      expect((await client.post('/api/pastes', { content: 'x', expiration: 'unlimited' })).status).toBe(201);
    }
  });

  it('ignores unknown fields and never stores them', async () => {
    const res = await t
      .client()
      .post('/api/pastes', { content: 'x', view_count: 999, user_id: 1, status: 'processing', viewCount: 5 });
    expect(res.status).toBe(201);
    const row = await t.db.kysely.selectFrom('pastes').selectAll().executeTakeFirstOrThrow();
    expect(row.view_count).toBe(0);
    expect(row.user_id).toBeNull();
    expect(row.status).toBe('ready');
  });

  it('enforces the size setting in UTF-8 bytes with sizes in MB', async () => {
    await t.app.services.settings.update({ maxPasteSize: String(1024 * 1024) });
    const ok = 'é'.repeat(512 * 1024); // exactly 1 MiB of UTF-8
    expect((await t.client().post('/api/pastes', { content: ok })).status).toBe(201);
    const res = await t.client().post('/api/pastes', { content: `${ok}!` });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Paste is 1.00 MB. Maximum size is 1.00 MB.');
  });

  it('keeps the server ceiling under an unlimited setting', async () => {
    const small = await startTestApp({ env: { MAX_PASTE_BYTES: '1000' } });
    try {
      await completeSetup(small);
      const res = await small.client().post('/api/pastes', { content: 'x'.repeat(1001) });
      expect(res.status).toBe(413);
    } finally {
      await small.close();
    }
  });

  it('stores large content in the blob store and reads it back', async () => {
    const content = `${'line of text\n'.repeat(30_000)}end`;
    const { id } = await createPaste(t.client(), { content });
    const row = await t.db.kysely
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBeNull();
    expect(row.blob_key).toMatch(/^pastes\//);
    expect((await t.client().get(`/api/pastes/${id}`)).body.content).toBe(content);
  });
});

describe('reading pastes', () => {
  it('answers 404 for unknown ids and ids of other shapes', async () => {
    for (const id of ['nope-nope-no', 'a'.repeat(100), '..%2F..%2Fetc', '%00']) {
      for (const res of [
        await t.client().get(`/api/pastes/${id}`),
        await t.client().post(`/api/pastes/${id}/verify`, { password: 'x' }),
        await t.client().get(`/api/pastes/${id}/raw`),
      ]) {
        expect(res.status, id).toBe(404);
        expect(res.body.error).toBe('NOT_FOUND');
      }
    }
    // Confirming a view of a paste that is not there deletes nothing; an id of another shape
    // (a NUL byte, which PostgreSQL text refuses) is not looked up at all.
    expect((await t.client().post('/api/pastes/nope-nope-no/confirm-view')).body).toEqual({ deleted: false });
    for (const id of ['a'.repeat(100), '%00']) {
      expect((await t.client().post(`/api/pastes/${id}/confirm-view`)).status, id).toBe(404);
    }
  });

  it('never serves an expired paste, even before the sweeper runs, and the sweeper removes row and blob', async () => {
    const big = 'y'.repeat(300 * 1024);
    const { id } = await createPaste(t.client(), { expiration: '1h', content: big });
    const row = await t.db.kysely
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await t.app.services.blobs.size(row.blob_key!)).toBe(big.length);
    t.clock.advance(3_600_000 - 1);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    t.clock.advance(1);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(404);
    expect((await t.client().get(`/raw/${id}`)).status).toBe(404);
    expect(await sweepDeadPastes({ db: t.db.kysely, blobs: t.app.services.blobs, clock: t.clock })).toBe(1);
    expect(await t.db.kysely.selectFrom('pastes').selectAll().execute()).toHaveLength(0);
    expect(await t.app.services.blobs.size(row.blob_key!)).toBeNull();
  });

  it('lets two sweepers run at once without deleting a row twice', async () => {
    for (let i = 0; i < 30; i++) await createPaste(t.client(), { expiration: '1h' });
    await createPaste(t.client(), { expiration: '1w' });
    t.clock.advance(2 * 3_600_000);
    const deps = { db: t.db.kysely, blobs: t.app.services.blobs, clock: t.clock };
    const [a, b] = await Promise.all([sweepDeadPastes(deps), sweepDeadPastes(deps)]);
    expect(a + b).toBe(30);
    expect(await t.db.kysely.selectFrom('pastes').selectAll().execute()).toHaveLength(1);
  });

  it('counts one view per reader of content, not for the creator or link-preview bots', async () => {
    const { client } = await signedIn(t);
    const { id } = await createPaste(client);
    const from = (ip: string, headers: Record<string, string> = {}) => ({
      headers: { 'x-forwarded-for': ip, ...headers },
    });
    await client.get(`/api/pastes/${id}`);
    await t
      .client()
      .get(`/api/pastes/${id}`, from('10.3.0.1', { 'user-agent': 'Slackbot-LinkExpanding 1.0' }));
    await t.client().get(`/api/pastes/${id}`, from('10.3.0.2', { 'sec-purpose': 'prefetch' }));
    await t.client().get(`/api/pastes/${id}`, from('10.3.0.3'));
    const third = await t.client().get(`/api/pastes/${id}`, from('10.3.0.4'));
    expect(third.body.viewCount).toBe(2);
    expect(await storedViewCount(t, id)).toBe(2);
  });

  it('shows a paste still being assembled as __PROCESSING__', async () => {
    const { id } = await createPaste(t.client());
    await t.db.kysely.updateTable('pastes').set({ status: 'processing' }).where('id', '=', id).execute();
    expect((await t.client().get(`/api/pastes/${id}`)).body.content).toBe(PROCESSING_CONTENT);
  });

  it('renders nothing as HTML: content comes back as the exact characters', async () => {
    const content = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const { id } = await createPaste(t.client(), { content, title: '<b>t</b>' });
    const res = await t.client().get(`/api/pastes/${id}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.content).toBe(content);
    expect(res.body.title).toBe('<b>t</b>');
  });
});

describe('password pastes', () => {
  it('hides content until the password is verified, and refuses a wrong one', async () => {
    const { id } = await createPaste(t.client(), {
      privacy: 'password',
      password: 'open sesame',
      content: 'secret',
    });
    const locked = await t.client().get(`/api/pastes/${id}`);
    expect(locked.status).toBe(200);
    expect(locked.body.requiresPassword).toBe(true);
    expect(locked.body).not.toHaveProperty('content');
    expect(locked.text).not.toContain('secret');
    const wrong = await t.client().post(`/api/pastes/${id}/verify`, { password: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Invalid password');
    const right = await t.client().post(`/api/pastes/${id}/verify`, { password: 'open sesame' });
    expect(right.status).toBe(200);
    expect(right.body.content).toBe('secret');
    expect(right.body.accessToken).toBeTypeOf('string');
    const row = await t.db.kysely
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('tells a locked viewer the title but nothing of the content, not even its size', async () => {
    const content = 'the launch code is ünïcødé';
    const { id } = await createPaste(t.client(), {
      title: 'Protected notes',
      privacy: 'password',
      password: 'open sesame',
      content,
    });
    const locked = await t.client().get(`/api/pastes/${id}`);
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ id, title: 'Protected notes', requiresPassword: true });
    for (const field of ['content', 'sizeBytes', 'contentSizeMB', 'isExtreme', 'downloadUrl'])
      expect(locked.body).not.toHaveProperty(field);

    const right = await t.client().post(`/api/pastes/${id}/verify`, { password: 'open sesame' });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({
      content,
      sizeBytes: Buffer.byteLength(content),
      contentSizeMB: 0,
      isExtreme: false,
    });
  });

  it('slows password attempts on a paste down without locking the recipient out', async () => {
    const { id } = await createPaste(t.client(), { privacy: 'password', password: 'right-one' });
    for (let i = 0; i < 21; i++) {
      const res = await t
        .client()
        .post(
          `/api/pastes/${id}/verify`,
          { password: `guess${i}` },
          { headers: { 'x-forwarded-for': `10.0.0.${i}` } },
        );
      expect(res.status).toBe(403);
    }
    expect(t.clock.sleeps.length).toBeGreaterThan(0);
    const right = await t.client().post(`/api/pastes/${id}/verify`, { password: 'right-one' });
    expect(right.status).toBe(200);
  });

  it('shows content to admins and managers with the staff flag, and to the author', async () => {
    const { client: author } = await signedIn(t);
    const { id } = await createPaste(author, { privacy: 'password', password: 'pw', content: 'for staff' });
    for (const role of ['admin', 'manager'] as const) {
      const { client } = await signedIn(t, role);
      const res = await client.get(`/api/pastes/${id}`);
      expect(res.body).toMatchObject({ content: 'for staff', staffAccess: true, requiresPassword: false });
    }
    const own = await author.get(`/api/pastes/${id}`);
    expect(own.body).toMatchObject({ content: 'for staff', isOwner: true, staffAccess: false });
    const { client: vip } = await signedIn(t, 'vip');
    expect((await vip.get(`/api/pastes/${id}`)).body.requiresPassword).toBe(true);
  });
});

describe('language', () => {
  it('keeps the language chosen when creating, from JSON or a form; absent means detect', async () => {
    const c = t.client();
    const json = await c.post('/api/pastes', { content: 'print(1)', language: 'python' });
    expect((await c.get(`/api/pastes/${json.body.id}`)).body.language).toBe('python');
    const form = new FormData();
    form.append('language', 'plaintext');
    form.append('content', new Blob(['SELECT 1']), 'a.txt');
    const multipart = await c.post('/api/pastes', undefined, { raw: form });
    expect(multipart.status).toBe(201);
    expect((await c.get(`/api/pastes/${multipart.body.id}`)).body.language).toBe('plaintext');
    const plain = await c.post('/api/pastes', { content: 'x' });
    expect((await c.get(`/api/pastes/${plain.body.id}`)).body.language).toBeNull();
    const bad = await c.post('/api/pastes', { content: 'x', language: '<script>' });
    expect(bad.status).toBe(400);
  });
});
