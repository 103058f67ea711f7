import { describe, expect, it } from 'vitest';
import { createPaste, createPasteAsForm } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { SEARCH_PAGE_SIZE } from '../../../common/constants.js';
import { SEARCH_MESSAGES } from '../../../common/messages.js';
import { createSearchIndex } from './search-index.service.js';

/** GET /api/search over HTTP: what it finds, for whom, and that the index follows every write. */
const t = withTestApp({ each: false });

let n = 0;
/** A word no other test's paste holds, so each test reads only its own pastes. */
const unique = () => `zq${Date.now().toString(36)}x${++n}`;
const ids = (body: { results: { id: string }[] }) => body.results.map((r) => r.id);

describe('search', () => {
  it('finds words of the text and the title, title matches first, with the line and its words marked', async () => {
    const word = unique();
    const { client } = await signedIn(t);
    const inText = await createPaste(client, {
      title: 'Notes',
      content: `first line\nsecond <b>${word.toUpperCase()}</b> & more\nthird ${word}`,
    });
    const inTitle = await createPaste(client, { title: `About ${word}`, content: 'nothing here' });
    const res = await t.client().get(`/api/search?q=${word.slice(0, -1)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(ids(res.body)).toEqual([inTitle.id, inText.id]);
    const [titleHit, textHit] = res.body.results;
    expect(titleHit).toMatchObject({ title: `About ${word}`, line: null, snippet: '', highlights: [] });
    // The snippet is the line as text: markup in it stays text, offsets mark the typed prefix.
    expect(textHit).toMatchObject({
      title: 'Notes',
      author: expect.any(String),
      line: 2,
      snippet: `second <b>${word.toUpperCase()}</b> & more`,
    });
    const [mark] = textHit.highlights;
    expect(textHit.snippet.slice(mark.start, mark.end)).toBe(word.slice(0, -1).toUpperCase());
  });

  it('needs every word, and refuses an empty or oversized query with a clear message', async () => {
    const [a, b] = [unique(), unique()];
    const both = await createPaste(t.client(), { content: `${a} and ${b}` });
    await createPaste(t.client(), { content: `${a} alone` });
    expect(ids((await t.client().get(`/api/search?q=${a}+${b}`)).body)).toEqual([both.id]);
    for (const [q, message] of [
      ['', SEARCH_MESSAGES.queryRequired],
      ['!!! ---', SEARCH_MESSAGES.queryRequired],
      ['a b c d e f g h i', SEARCH_MESSAGES.tooManyTerms],
    ]) {
      const res = await t.client().get(`/api/search?q=${encodeURIComponent(q!)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const long = await t.client().get(`/api/search?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toContain(SEARCH_MESSAGES.queryTooLong);
  });

  it('shows the author everything of theirs, titles only where the text is locked; others only what they may', async () => {
    const word = unique();
    const author = await signedIn(t);
    const other = await signedIn(t);
    const make = (body: Record<string, unknown>) =>
      createPaste(author.client, {
        title: `${body.privacy ?? 'burn'} ${word}`,
        content: `text ${word}`,
        ...body,
      });
    const pub = await make({ privacy: 'public' });
    const unlisted = await make({ privacy: 'unlisted' });
    const locked = await make({ privacy: 'password', password: 'pw-123456' });
    const burn = await make({ privacy: 'public', expiration: 'burn' });
    const shared = await make({ privacy: 'shared' });
    const mine = await author.client.get(`/api/search?q=${word}`);
    expect(new Set(ids(mine.body))).toEqual(new Set([pub.id, unlisted.id, locked.id, burn.id, shared.id]));
    const byId = new Map(mine.body.results.map((r: { id: string }) => [r.id, r]));
    // A locked text is never read for a snippet, even for its author.
    expect(byId.get(locked.id)).toMatchObject({ line: null, snippet: '' });
    expect(byId.get(burn.id)).toMatchObject({ line: null, snippet: '' });
    expect(byId.get(pub.id)).toMatchObject({ line: 1, snippet: `text ${word}` });
    // Words only in a locked text find nothing, not even for the author.
    const textOnly = unique();
    const lockedText = await createPaste(author.client, {
      title: 'Locked',
      content: textOnly,
      privacy: 'password',
      password: 'pw-123456',
    });
    expect(ids((await author.client.get(`/api/search?q=${textOnly}`)).body)).toEqual([]);
    expect(ids((await author.client.get('/api/search?q=locked')).body)).toContain(lockedText.id);
    for (const reader of [other.client, t.client(), await signedIn(t, 'admin').then((s) => s.client)]) {
      expect(ids((await reader.get(`/api/search?q=${word}`)).body)).toEqual([pub.id]);
    }
  });

  it('finds shared pastes for the people and teams they name, and nobody else', async () => {
    const word = unique();
    const author = await signedIn(t);
    const named = await signedIn(t);
    const member = await signedIn(t);
    const outsider = await signedIn(t);
    const slug = `search-${word}`.slice(0, 40);
    await member.client.post('/api/teams', { name: 'Team', slug });
    await member.client.put(`/api/teams/${slug}/members`, { username: author.user.username });
    const toPerson = await createPaste(author.client, { content: `for a person ${word}`, privacy: 'shared' });
    const toTeam = await createPaste(author.client, { content: `for the team ${word}`, privacy: 'shared' });
    await author.client.put(`/api/pastes/${toPerson.id}/shares`, { users: [named.user.username] });
    await author.client.put(`/api/pastes/${toTeam.id}/shares`, { teams: [slug] });
    expect(ids((await named.client.get(`/api/search?q=${word}`)).body)).toEqual([toPerson.id]);
    expect(ids((await member.client.get(`/api/search?q=${word}`)).body)).toEqual([toTeam.id]);
    expect(ids((await member.client.get(`/api/search?q=${word}&team=${slug}`)).body)).toEqual([toTeam.id]);
    expect(ids((await outsider.client.get(`/api/search?q=${word}`)).body)).toEqual([]);
    expect(ids((await outsider.client.get(`/api/search?team=${slug}`)).body)).toEqual([]);
    // Unshared: gone from their results at once.
    await author.client.put(`/api/pastes/${toTeam.id}/shares`, { teams: [] });
    expect(ids((await member.client.get(`/api/search?q=${word}`)).body)).toEqual([]);
  });

  it('filters by author, tag, language, privacy and date, and pages with next', async () => {
    const word = unique();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const tagged = await createPaste(a.client, { content: word, tags: ['ops', 'k8s'], language: 'yaml' });
    const plain = await createPaste(b.client, { content: word });
    const query = (extra: string) =>
      t
        .client()
        .get(`/api/search?q=${word}${extra}`)
        .then((r) => ids(r.body));
    expect(await query(`&author=${a.user.username.toUpperCase()}`)).toEqual([tagged.id]);
    expect(await query('&tag=ops')).toEqual([tagged.id]);
    expect(await query('&language=yaml')).toEqual([tagged.id]);
    expect(await query('&privacy=unlisted')).toEqual([]);
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect(new Set(await query(`&from=${today}&to=${today}`))).toEqual(new Set([tagged.id, plain.id]));
    expect(await query('&to=2001-01-01')).toEqual([]);
    const bad = await t.client().get(`/api/search?q=${word}&from=yesterday`);
    expect(bad.status).toBe(400);
    // Tags alone are a search too (the paste page links to it).
    const byTag = await t.client().get('/api/search?tag=k8s');
    expect(byTag.body.results.find((r: { id: string }) => r.id === tagged.id)?.tags).toEqual(['k8s', 'ops']);

    const many = unique();
    const made: string[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i++)
      made.push((await createPaste(a.client, { content: many })).id);
    const first = await t.client().get(`/api/search?q=${many}`);
    expect(first.body.results).toHaveLength(SEARCH_PAGE_SIZE);
    const second = await t.client().get(`/api/search?q=${many}&next=${first.body.next}`);
    expect(second.body.next).toBeUndefined();
    expect(new Set([...ids(first.body), ...ids(second.body)])).toEqual(new Set(made));
    expect((await t.client().get(`/api/search?q=${many}&next=abc`)).status).toBe(400);
  });

  it('follows every write: edit, delete, expiry, and a restored backup', async () => {
    const [before, after] = [unique(), unique()];
    const { client } = await signedIn(t);
    const edited = await createPaste(client, { content: `old ${before}` });
    expect(ids((await t.client().get(`/api/search?q=${before}`)).body)).toEqual([edited.id]);
    expect((await client.put(`/api/pastes/${edited.id}`, { content: `new ${after}` })).status).toBe(200);
    expect(ids((await t.client().get(`/api/search?q=${before}`)).body)).toEqual([]);
    expect(ids((await t.client().get(`/api/search?q=${after}`)).body)).toEqual([edited.id]);

    const expiring = await createPaste(client, { content: `soon ${after}`, expiration: '1h' });
    expect(ids((await t.client().get(`/api/search?q=${after}`)).body)).toContain(expiring.id);
    t.clock.advance(2 * 3_600_000);
    expect(ids((await t.client().get(`/api/search?q=${after}`)).body)).not.toContain(expiring.id);
    await t.app.services.pastes.sweep();
    const left = await t.db.kysely.selectFrom('paste_search').select('paste_id').execute();
    expect(left.map((r) => r.paste_id)).not.toContain(expiring.id);

    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const exported = await admin.get('/api/admin/database/export');
    expect((await admin.delete(`/api/pastes/${edited.id}`)).status).toBe(200);
    expect(ids((await t.client().get(`/api/search?q=${after}`)).body)).toEqual([]);
    const imported = await admin.post('/api/admin/database/import', undefined, {
      raw: exported.text,
      headers: { 'content-type': 'application/json' },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(ids((await t.client().get(`/api/search?q=${after}`)).body)).toEqual([edited.id]);
  });

  it('indexes the first MB of a large paste, and a paste made before search once the task runs', async () => {
    const [early, late] = [unique(), unique()];
    const filler = `${'lorem ipsum dolor '.repeat(60)}\n`;
    const content = `${early}\n${filler.repeat(Math.ceil(1_200_000 / filler.length))}${late}\n`;
    const big = await createPasteAsForm(t.client(), content, { privacy: 'public', expiration: '1d' });
    expect(ids((await t.client().get(`/api/search?q=${early}`)).body)).toEqual([big.id]);
    expect(ids((await t.client().get(`/api/search?q=${late}`)).body)).toEqual([]);

    // As if made before migration 021: no document until the background task indexes it.
    const old = unique();
    const made = await createPaste(t.client(), { content: old });
    await t.db.kysely.deleteFrom('paste_search').where('paste_id', '=', made.id).execute();
    expect(ids((await t.client().get(`/api/search?q=${old}`)).body)).toEqual([]);
    // A new instance's task (this one's may have found nothing to do already, and rests).
    const task = createSearchIndex({ db: t.db, blobs: t.app.services.blobs });
    expect(await task.backfill()).toBeGreaterThanOrEqual(1);
    expect(ids((await t.client().get(`/api/search?q=${old}`)).body)).toEqual([made.id]);
  });
});
