import { describe, expect, it } from 'vitest';
import { createPaste, createPasteAsForm } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { generateKey, sealText, sealTitle, toBase64 } from '../../../common/paste-crypto/index.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';

/** Forks: `forkedFrom` on create, and the view naming a source that can still be forked. */
const t = withTestApp({ env: { PASTE_CREATE_PER_IP_PER_MIN: '1000' } });

const pasteCount = async () => (await t.db.kysely.selectFrom('pastes').select('id').execute()).length;
const storedFork = async (id: string) =>
  (
    await t.db.kysely
      .selectFrom('pastes')
      .select('forked_from')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).forked_from;

describe('forking a paste', () => {
  it.each(['public', 'unlisted'] as const)('forks a %s paste and names it in the view', async (privacy) => {
    const { client: sourceAuthor } = await signedIn(t);
    const source = await createPaste(sourceAuthor, { title: 'Original', content: 'a\nb\n', privacy });
    const { client } = await signedIn(t);
    const fork = await createPaste(client, {
      title: 'Fork of Original',
      content: 'a\nb\nc\n',
      forkedFrom: source.id,
    });
    expect(await storedFork(fork.id)).toBe(source.id);
    // An unlisted source is named to its author only (test/fork-source.test.ts); a public one to all.
    const res = await (privacy === 'public' ? t.client() : sourceAuthor).get(`/api/pastes/${fork.id}`);
    expect(res.status).toBe(200);
    expect(res.body.forkedFrom).toEqual({ id: source.id, title: 'Original' });
    expect(res.body.content).toBe('a\nb\nc\n');
  });

  it('takes forkedFrom from the web form too, and names an untitled source by null', async () => {
    const source = await createPaste(t.client(), { content: 'x' });
    const fork = await createPasteAsForm(t.client(), 'y', { forkedFrom: source.id });
    expect((await t.client().get(`/api/pastes/${fork.id}`)).body.forkedFrom).toEqual({
      id: source.id,
      title: null,
    });
  });

  it.each([
    ['a password paste', { privacy: 'password', password: 'secret-1' }],
    ['a burn-after-reading paste', { expiration: 'burn', burnAfterReading: true }],
  ])('refuses to fork %s and stores nothing', async (_what, options) => {
    const { client } = await signedIn(t);
    // Even its own author cannot: the rule is about what the fork would expose, not who asks.
    const source = await createPaste(client, options);
    const before = await pasteCount();
    for (const as of [client, t.client()]) {
      const res = await as.post('/api/pastes', { content: 'copy', forkedFrom: source.id });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PASTE_MESSAGES.forkNotAllowed);
    }
    expect(await pasteCount()).toBe(before);
  });

  it("refuses to fork an end-to-end encrypted paste: its text is not the server's to copy", async () => {
    const key = await generateKey();
    const made = await t.client().post('/api/pastes', {
      encrypted: true,
      sealedTitle: await sealTitle(key, ''),
      content: toBase64(await sealText(key, 'sealed')),
    });
    expect(made.status).toBe(201);
    const before = await pasteCount();
    const res = await t.client().post('/api/pastes', { content: 'copy', forkedFrom: made.body.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PASTE_MESSAGES.forkNotAllowed);
    expect(await pasteCount()).toBe(before);
  });

  it('refuses an unknown, malformed or expired source', async () => {
    const expiring = await createPaste(t.client(), { expiration: '1h' });
    // Read once, so the hot-row cache holds it when it expires.
    expect((await t.client().get(`/api/pastes/${expiring.id}`)).status).toBe(200);
    t.clock.advance(2 * 3_600_000);
    const before = await pasteCount();
    for (const forkedFrom of ['nosuchpaste1', '../etc/passwd', expiring.id]) {
      const res = await t.client().post('/api/pastes', { content: 'copy', forkedFrom });
      expect(res.status, forkedFrom).toBe(400);
      expect(res.body.message).toBe(PASTE_MESSAGES.forkNotAllowed);
    }
    const form = new FormData();
    form.append('forkedFrom', 'nosuchpaste1');
    form.append('content', new Blob(['copy']), 'paste.txt');
    const res = await t.client().post('/api/pastes', undefined, { raw: form });
    expect(res.status).toBe(400);
    expect(await pasteCount()).toBe(before);
  });

  it('stops naming the source once it is deleted, but keeps the link stored', async () => {
    const source = await createPaste(t.client(), { title: 'Going away' });
    const fork = await createPaste(t.client(), { forkedFrom: source.id });
    expect((await t.client().get(`/api/pastes/${fork.id}`)).body.forkedFrom?.id).toBe(source.id);
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    expect((await admin.delete(`/api/pastes/${source.id}`)).status).toBe(200);
    // Twice: the second read is answered from the text kept with the fork's row.
    for (let i = 0; i < 2; i++) {
      const res = await t.client().get(`/api/pastes/${fork.id}`);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('forkedFrom');
    }
    expect(await storedFork(fork.id)).toBe(source.id);
  });

  it('stops naming a source that has expired', async () => {
    const source = await createPaste(t.client(), { expiration: '1h' });
    const fork = await createPaste(t.client(), { forkedFrom: source.id, expiration: '1d' });
    t.clock.advance(2 * 3_600_000);
    expect((await t.client().get(`/api/pastes/${fork.id}`)).body.forkedFrom).toBeUndefined();
  });

  it('does not name the source of a locked fork', async () => {
    const source = await createPaste(t.client());
    const fork = await createPaste(t.client(), {
      forkedFrom: source.id,
      privacy: 'password',
      password: 'pw-123456',
    });
    const locked = await t.client().get(`/api/pastes/${fork.id}`);
    expect(locked.body.requiresPassword).toBe(true);
    expect(locked.body.forkedFrom).toBeUndefined();
    const open = await t.client().post(`/api/pastes/${fork.id}/verify`, { password: 'pw-123456' });
    expect(open.body.forkedFrom).toEqual({ id: source.id, title: null });
  });

  it('leaves the view of a paste that is no fork as it was, and adds forkedFrom just before content', async () => {
    const plain = await createPaste(t.client(), { title: 'Plain', content: 'same' });
    const fork = await createPaste(t.client(), { title: 'Plain', content: 'same', forkedFrom: plain.id });
    const texts: string[] = [];
    // The first read is written in full, the next ones from the text kept with the row.
    for (let i = 0; i < 3; i++) texts.push((await t.client().get(`/api/pastes/${plain.id}`)).text);
    const plainKeys = texts.map((text) => Object.keys(JSON.parse(text)));
    for (const text of texts) expect(text).not.toContain('forkedFrom');
    expect(plainKeys[1]).toEqual(plainKeys[0]);
    expect(plainKeys[2]).toEqual(plainKeys[0]);
    // Field for field the same, but the view count each read adds and the id.
    const normalized = texts.map((text) => ({ ...JSON.parse(text), viewCount: 0 }));
    expect(normalized[2]).toEqual(normalized[0]);

    const forkView = await t.client().get(`/api/pastes/${fork.id}`);
    const forkKeys = Object.keys(forkView.body);
    expect(forkKeys.filter((k) => k !== 'forkedFrom')).toEqual(plainKeys[0]);
    expect(forkKeys.slice(-2)).toEqual(['forkedFrom', 'content']);
    const { id: _a, forkedFrom: _f, viewCount: _c, createdAt: _t, ...forkRest } = forkView.body;
    const { id: _b, viewCount: _d, createdAt: _u, ...plainRest } = JSON.parse(texts[0]!);
    expect(forkRest).toEqual(plainRest);
  });
});
