import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASTE_MESSAGES } from '../src/common/schemas/paste.js';
import { SHARE_MESSAGES } from '../src/common/schemas/teams.js';
import { renderPastePage } from '../src/web/ssr/render-paste-page.js';
import type { HttpClient } from './helpers/http-client.js';
import { createPaste } from './helpers/pastes.js';
import { completeSetup, signedIn, startTestApp, type TestApp } from './helpers/test-app.js';
import { tempDir } from './helpers/test-db.js';

/**
 * The "Shared" privacy: readable by its author, the people and teams it names, and staff —
 * nobody else, on any read path. One app for the file; each row reads the same shared paste.
 */
const webRoot = tempDir('pasteshare-web-');
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);

const SECRET = 'the runbook says: restart the frobnicator\nthen page on-call\n';
let t: TestApp;
let id: string;
const readers: Record<string, { client: HttpClient; key?: string }> = {};

beforeAll(async () => {
  t = await startTestApp({ webRoot, renderPastePage });
  await completeSetup(t);
  const author = await signedIn(t);
  const named = await signedIn(t);
  const teamOwner = await signedIn(t);
  const teamMember = await signedIn(t);
  const other = await signedIn(t);
  const staff = await signedIn(t, 'manager');
  const slug = 'incident-team';
  expect((await teamOwner.client.post('/api/teams', { name: 'Incident', slug })).status).toBe(201);
  await teamOwner.client.put(`/api/teams/${slug}/members`, { username: teamMember.user.username });
  // The author shares with a team they are in.
  await teamOwner.client.put(`/api/teams/${slug}/members`, { username: author.user.username });
  ({ id } = await createPaste(author.client, { title: 'Runbook', content: SECRET, privacy: 'shared' }));
  const shared = await author.client.put(`/api/pastes/${id}/shares`, {
    users: [named.user.username],
    teams: [slug],
  });
  expect(shared.status).toBe(200);
  // A second revision, so the revision routes have one to read.
  expect((await author.client.put(`/api/pastes/${id}`, { content: SECRET })).status).toBe(200);
  for (const [name, who] of Object.entries({ author, named, teamMember, other, staff })) {
    const key = (await who.client.post('/api/user/regenerate-api-key')).body.apiKey as string;
    readers[name] = { client: who.client, key };
  }
  readers.visitor = { client: t.client() };
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const MAY_READ = ['author', 'named', 'teamMember', 'staff'];
const READER_NAMES = ['author', 'named', 'teamMember', 'other', 'visitor', 'staff'];

/** Each read path: the request, and what a reader who may read it finds in the answer. */
const PATHS: [string, (c: HttpClient, key?: string) => Promise<{ status: number; text: string }>][] = [
  ['GET /api/pastes/:id', (c) => c.get(`/api/pastes/${id}`)],
  ['GET /api/pastes/:id/raw', (c) => c.get(`/api/pastes/${id}/raw`)],
  ['GET /raw/:id', (c) => c.get(`/raw/${id}`)],
  ['GET /api/pastes/:id/download', (c) => c.get(`/api/pastes/${id}/download`)],
  ['GET /api/pastes/:id/lines', (c) => c.get(`/api/pastes/${id}/lines`)],
  ['GET /api/pastes/:id/search', (c) => c.get(`/api/pastes/${id}/search?q=frobnicator`)],
  ['GET /api/pastes/:id/revisions', (c) => c.get(`/api/pastes/${id}/revisions`)],
  ['GET /api/pastes/:id/revisions/:n', (c) => c.get(`/api/pastes/${id}/revisions/1`)],
  ['GET /api/pastes/:id/revisions/:n/raw', (c) => c.get(`/api/pastes/${id}/revisions/1/raw`)],
  ['GET /api/pastes/:id/revisions/:n/download', (c) => c.get(`/api/pastes/${id}/revisions/1/download`)],
];

const rows = PATHS.flatMap(([route, read]) =>
  READER_NAMES.map((reader) => [route, reader, MAY_READ.includes(reader), read] as const),
);

describe('a shared paste on every read path', () => {
  it.each(rows)('%s as %s: readable %s', async (_route, reader, readable, read) => {
    const res = await read(readers[reader]!.client);
    if (readable) {
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/frobnicator|"revisions"|"number"|"matches"|"lines"/);
    } else {
      // Exactly as if there were no such paste: nothing to unlock, nothing named.
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('frobnicator');
      expect(res.text).not.toContain('Runbook');
    }
  });

  it.each(READER_NAMES.filter((r) => r !== 'visitor'))('GET /api/v1/pastes/:id as %s', async (reader) => {
    const { client, key } = readers[reader]!;
    const res = await client.get(`/api/v1/pastes/${id}`, { headers: { 'x-api-key': key! } });
    expect(res.status).toBe(MAY_READ.includes(reader) ? 200 : 404);
    expect(res.text.includes('frobnicator')).toBe(MAY_READ.includes(reader));
  });

  it.each(READER_NAMES)('is never in the first HTML, never described, for %s', async (reader) => {
    const res = await readers[reader]!.client.get(`/paste/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('frobnicator');
    expect(res.text).not.toContain('Runbook');
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  it.each(READER_NAMES)('cannot be forked, even by %s', async (reader) => {
    const res = await readers[reader]!.client.post('/api/pastes', { content: 'copy', forkedFrom: id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PASTE_MESSAGES.forkNotAllowed);
  });

  it('is never on the leaderboard', async () => {
    for (let i = 0; i < 3; i++) await readers.named!.client.get(`/api/pastes/${id}`);
    const board = await t.client().get('/api/top-views');
    expect(board.text).not.toContain(id);
  });

  // Search lists it for those it names (and its author); staff read it one audited paste at a
  // time, never as a list, so they do not find it either.
  const MAY_FIND = ['author', 'named', 'teamMember'];
  it.each(READER_NAMES)('GET /api/search as %s', async (reader) => {
    const res = await readers[reader]!.client.get('/api/search?q=frobnicator');
    expect(res.status).toBe(200);
    const found = res.body.results.map((r: { id: string }) => r.id);
    expect(found).toEqual(MAY_FIND.includes(reader) ? [id] : []);
    expect(res.text.includes('frobnicator')).toBe(MAY_FIND.includes(reader));
  });

  it('is read by staff as a protected paste is: with the notice, in the audit log', async () => {
    const res = await readers.staff!.client.get(`/api/pastes/${id}`);
    expect(res.body.staffAccess).toBe(true);
    expect((await readers.named!.client.get(`/api/pastes/${id}`)).body.staffAccess).toBe(false);
    const reads = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'paste.staff_read')
      .where('target_id', '=', id)
      .execute();
    expect(reads.length).toBeGreaterThan(0);
  });
});

describe('share settings', () => {
  it('are the author’s to change, and each change is in the audit log', async () => {
    const named = readers.named!.client;
    expect((await named.put(`/api/pastes/${id}/shares`, { users: [] })).status).toBe(403);
    expect((await readers.other!.client.put(`/api/pastes/${id}/shares`, { users: [] })).status).toBe(404);
    expect((await readers.staff!.client.get(`/api/pastes/${id}/shares`)).status).toBe(200);
    const listed = await readers.author!.client.get(`/api/pastes/${id}/shares`);
    expect(listed.body.teams.map((x: { slug: string }) => x.slug)).toEqual(['incident-team']);
    const entries = await t.db.kysely
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'paste.share_change')
      .where('target_id', '=', id)
      .execute();
    expect(JSON.parse(entries[0]!.details!)).toEqual({
      addedUsers: [listed.body.users[0].username],
      addedTeams: ['incident-team'],
    });
  });

  it('refuse unknown people, teams the author is not in, and pastes that are not shared', async () => {
    const author = readers.author!.client;
    const unknown = await author.put(`/api/pastes/${id}/shares`, { users: ['no-such-person'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(SHARE_MESSAGES.unknownUser('no-such-person'));
    const team = await author.put(`/api/pastes/${id}/shares`, { teams: ['not-my-team'] });
    expect(team.status).toBe(400);
    expect(team.body.message).toBe(SHARE_MESSAGES.unknownTeam('not-my-team'));
    const pub = await createPaste(author, { content: 'public text' });
    const notShared = await author.put(`/api/pastes/${pub.id}/shares`, { users: [] });
    expect(notShared.status).toBe(400);
    expect(notShared.body.message).toBe(SHARE_MESSAGES.notShared);
    // Nothing changed by the refusals.
    expect((await readers.named!.client.get(`/api/pastes/${id}`)).status).toBe(200);
  });

  it('need an account to create a shared paste', async () => {
    const res = await t.client().post('/api/pastes', { content: 'x', privacy: 'shared', expiration: '1d' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(PASTE_MESSAGES.sharedNeedsAccount);
  });
});

describe('shared with me', () => {
  it('lists what names the reader, with the team it came through, and nothing once unshared', async () => {
    const viaTeam = await readers.teamMember!.client.get('/api/shared-with-me');
    expect(viaTeam.body.pastes).toEqual([
      expect.objectContaining({ id, title: 'Runbook', team: { slug: 'incident-team', name: 'Incident' } }),
    ]);
    const direct = await readers.named!.client.get('/api/shared-with-me');
    expect(direct.body.pastes).toEqual([expect.objectContaining({ id, team: null })]);
    expect((await readers.other!.client.get('/api/shared-with-me')).body.pastes).toEqual([]);
    expect((await readers.author!.client.get('/api/shared-with-me')).body.pastes).toEqual([]);
    // Unshared: gone from the list and from every read.
    await readers.author!.client.put(`/api/pastes/${id}/shares`, { users: [], teams: [] });
    expect((await readers.named!.client.get('/api/shared-with-me')).body.pastes).toEqual([]);
    expect((await readers.teamMember!.client.get(`/api/pastes/${id}`)).status).toBe(404);
    expect((await readers.author!.client.get(`/api/pastes/${id}`)).status).toBe(200);
  });
});
