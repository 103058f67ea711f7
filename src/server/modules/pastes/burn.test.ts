import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { BURN_GRACE_MS } from './pastes.limits.js';
import { sweepDeadPastes } from './pastes.sweeper.js';

const t = withTestApp();

describe('burn after reading', () => {
  it('gives the content to exactly one of 50 concurrent readers', async () => {
    const { id } = await createPaste(t.client(), { expiration: 'burn', content: 'only once' });
    const readers = Array.from({ length: 50 }, () => t.client());
    const results = await Promise.all(readers.map((c) => c.get(`/api/pastes/${id}`)));
    const withContent = results.filter((r) => r.status === 200 && r.body.content === 'only once');
    expect(withContent).toHaveLength(1);
    expect(results.filter((r) => r.status === 404)).toHaveLength(49);
    expect(results.every((r) => !r.text.includes('only once') || r === withContent[0])).toBe(true);
  });

  it('is exactly once across the JSON view, raw, download and the v1 API, 50 readers at once', async () => {
    const { client: keyOwner } = await signedIn(t);
    const key = (await keyOwner.post('/api/user/regenerate-api-key')).body.apiKey as string;
    const { id } = await createPaste(t.client(), { expiration: 'burn', content: 'mixed readers' });
    const c = () => t.client();
    const readers = [
      () => c().get(`/api/pastes/${id}`),
      () => c().get(`/raw/${id}`),
      () => c().get(`/api/pastes/${id}/raw`),
      () => c().get(`/api/pastes/${id}/download`),
      () => c().get(`/api/v1/pastes/${id}`, { headers: { 'x-api-key': key }, noOrigin: true }),
    ];
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => readers[i % readers.length]!()));
    expect(results.filter((r) => r.text.includes('mixed readers'))).toHaveLength(1);
    expect(results.filter((r) => r.status === 404)).toHaveLength(49);
  });

  it('deletes the paste when the reader confirms, and confirm-view cannot burn an unread paste', async () => {
    const { id } = await createPaste(t.client(), { expiration: 'burn' });
    const early = await t.client().post(`/api/pastes/${id}/confirm-view`);
    expect(early.body).toEqual({ deleted: false });
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    expect((await t.client().post(`/api/pastes/${id}/confirm-view`)).body).toEqual({ deleted: true });
    expect(await t.db.kysely.selectFrom('pastes').selectAll().execute()).toHaveLength(0);
  });

  it('lets the creator see their burn paste without burning it (session or creator token)', async () => {
    const { client } = await signedIn(t);
    const mine = await createPaste(client, { expiration: 'burn', content: 'signed-in creator' });
    const own = await client.get(`/api/pastes/${mine.id}`);
    expect(own.body).toMatchObject({ content: 'signed-in creator', isOwner: true, burnAfterReading: true });
    await client.post(`/api/pastes/${mine.id}/confirm-view`);

    const anon = t.client();
    const theirs = await createPaste(anon, { expiration: 'burn', content: 'anonymous creator' });
    const asCreator = await anon.get(`/api/pastes/${theirs.id}`, {
      headers: { 'x-creator-token': theirs.creatorToken! },
    });
    expect(asCreator.body).toMatchObject({ content: 'anonymous creator', isOwner: true });
    const forged = await t
      .client()
      .get(`/api/pastes/${theirs.id}`, { headers: { 'x-creator-token': 'forged' } });
    expect(forged.body.isOwner).toBe(false);
    // The recipient still gets it once: the creator's views burned nothing.
    expect((await t.client().get(`/api/pastes/${mine.id}`)).body.content).toBe('signed-in creator');
    expect((await t.client().get(`/api/pastes/${mine.id}`)).status).toBe(404);
  });

  it('does not burn for link-preview bots fetching the page shell', async () => {
    const { id } = await createPaste(t.client(), { expiration: 'burn' });
    const shell = await t
      .client()
      .get(`/paste/${id}`, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } });
    expect(shell.text).not.toContain('hello world');
    expect((await t.client().get(`/api/pastes/${id}`)).body.content).toBe('hello world');
  });

  it('sweeps a claimed but unconfirmed burn paste after the grace period', async () => {
    const { id } = await createPaste(t.client(), { expiration: 'burn' });
    await t.client().get(`/api/pastes/${id}`);
    const deps = { db: t.db.kysely, blobs: t.app.services.blobs, clock: t.clock };
    expect(await sweepDeadPastes(deps)).toBe(0);
    t.clock.advance(BURN_GRACE_MS + 1);
    expect(await sweepDeadPastes(deps)).toBe(1);
    expect(await t.db.kysely.selectFrom('pastes').selectAll().execute()).toHaveLength(0);
  });

  it('burns a password paste only once the password is right', async () => {
    const { id } = await createPaste(t.client(), {
      expiration: 'burn',
      privacy: 'password',
      password: 'pw',
      content: 'locked',
    });
    expect((await t.client().get(`/api/pastes/${id}`)).body.requiresPassword).toBe(true);
    expect((await t.client().post(`/api/pastes/${id}/verify`, { password: 'bad' })).status).toBe(403);
    expect((await t.client().post(`/api/pastes/${id}/verify`, { password: 'pw' })).body.content).toBe(
      'locked',
    );
    expect((await t.client().post(`/api/pastes/${id}/verify`, { password: 'pw' })).status).toBe(404);
  });
});

describe('a burned paste, for its creator', () => {
  it('tells the creator when it was read (410), and everyone else only "not found"', async () => {
    const anon = t.client();
    const { id, creatorToken } = await createPaste(anon, { expiration: 'burn', content: 'gone soon' });
    const readAt = t.clock.now();
    expect((await t.client().get(`/api/pastes/${id}`)).body.content).toBe('gone soon');
    t.clock.advance(1000);
    expect((await t.client().post(`/api/pastes/${id}/confirm-view`)).body).toEqual({ deleted: true });

    const creator = await anon.get(`/api/pastes/${id}`, { headers: { 'x-creator-token': creatorToken! } });
    expect(creator.status).toBe(410);
    expect(creator.body).toEqual({
      error: 'BURNED',
      message: 'This paste was read and destroyed',
      burnedAt: new Date(readAt).toISOString(),
      requestId: expect.any(String),
    });
    expect(creator.text).not.toContain('gone soon');
    const stranger = await t.client().get(`/api/pastes/${id}`);
    expect([stranger.status, stranger.body.message]).toEqual([404, 'Paste not found']);
    const wrongToken = await t.client().get(`/api/pastes/${id}`, { headers: { 'x-creator-token': 'nope' } });
    expect(wrongToken.status).toBe(404);
  });

  it('also when the reader never confirmed (the sweeper burned it), for a signed-in creator; forgotten after a week', async () => {
    const { client } = await signedIn(t);
    const { id } = await createPaste(client, { expiration: 'burn', content: 'claimed only' });
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    t.clock.advance(BURN_GRACE_MS + 1000);
    await sweepDeadPastes({ db: t.db.kysely, blobs: t.app.services.blobs, clock: t.clock });
    expect((await client.get(`/api/pastes/${id}`)).status).toBe(410);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    await sweepDeadPastes({ db: t.db.kysely, blobs: t.app.services.blobs, clock: t.clock });
    expect((await client.get(`/api/pastes/${id}`)).status).toBe(404);
    expect(await t.db.kysely.selectFrom('burned_pastes').selectAll().execute()).toEqual([]);
  });
});
