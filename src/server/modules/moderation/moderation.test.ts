import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { PASTE_MESSAGES } from '../../../common/messages.js';

const t = withTestApp();

describe('reports', () => {
  it('stores a pending report from a visitor with every field', async () => {
    const { id } = await createPaste(t.client(), { title: 'Spam' });
    const res = await t.client().post(`/api/pastes/${id}/report`, { reason: '  spam link  ' });
    expect(res.status).toBe(201);
    const row = await t.db.kysely.selectFrom('reports').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      paste_id: id,
      paste_title: 'Spam',
      reported_by: null,
      reason: 'spam link',
      status: 'pending',
    });
  });

  it('records the reporting user', async () => {
    const { user, client } = await signedIn(t);
    const { id } = await createPaste(t.client());
    await client.post(`/api/pastes/${id}/report`, { reason: 'abuse' });
    const row = await t.db.kysely.selectFrom('reports').selectAll().executeTakeFirstOrThrow();
    expect(row.reported_by).toBe(user.id);
  });

  it("refuses a blank reason with the spec's message, and unknown pastes", async () => {
    const { id } = await createPaste(t.client());
    const blank = await t.client().post(`/api/pastes/${id}/report`, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please provide a reason for reporting this paste.');
    expect((await t.client().post('/api/pastes/missing0000/report', { reason: 'x' })).status).toBe(404);
    expect(await t.db.kysely.selectFrom('reports').selectAll().execute()).toHaveLength(0);
  });

  it('takes one report per reporter and paste: an account by its id, a visitor by address', async () => {
    const { id } = await createPaste(t.client());
    const { client } = await signedIn(t);
    expect((await client.post(`/api/pastes/${id}/report`, { reason: 'spam' })).status).toBe(201);
    const again = await client.post(`/api/pastes/${id}/report`, { reason: 'still spam' });
    expect([again.status, again.body.message]).toEqual([409, PASTE_MESSAGES.alreadyReported]);
    // A visitor from another tab of the same address is the same reporter; another account is not.
    expect((await t.client().post(`/api/pastes/${id}/report`, { reason: 'spam' })).status).toBe(201);
    const visitorAgain = await t.client().post(`/api/pastes/${id}/report`, { reason: 'spam' });
    // Told what is known: a report came from this address, not that this person sent it.
    expect([visitorAgain.status, visitorAgain.body.message]).toEqual([
      409,
      'A report for this paste was already sent from your network. Log in to send one of your own.',
    ]);
    const { client: other } = await signedIn(t);
    expect((await other.post(`/api/pastes/${id}/report`, { reason: 'spam' })).status).toBe(201);
    expect(await t.db.kysely.selectFrom('reports').selectAll().execute()).toHaveLength(3);
  });
});

describe('deletion requests', () => {
  it('lets an author ask to delete their own paste, once while pending', async () => {
    const { user, client } = await signedIn(t);
    const { id } = await createPaste(client, { title: 'Mine' });
    const res = await client.post(`/api/pastes/${id}/request-delete`, { reason: 'posted by mistake' });
    expect(res.status).toBe(201);
    const row = await t.db.kysely.selectFrom('deletion_requests').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ paste_id: id, paste_title: 'Mine', user_id: user.id, status: 'pending' });
    expect((await client.post(`/api/pastes/${id}/request-delete`, { reason: 'again' })).status).toBe(409);
  });

  it("refuses someone else's paste as if it did not exist, and a blank reason", async () => {
    const { client: owner } = await signedIn(t);
    const { client: other } = await signedIn(t);
    const { id } = await createPaste(owner);
    const res = await other.post(`/api/pastes/${id}/request-delete`, { reason: 'mine now' });
    expect(res.status).toBe(404);
    const blank = await owner.post(`/api/pastes/${id}/request-delete`, { reason: ' ' });
    expect(blank.body.message).toBe('Please provide a reason for deleting this paste.');
    expect((await t.client().post(`/api/pastes/${id}/request-delete`, { reason: 'x' })).status).toBe(401);
    expect(await t.db.kysely.selectFrom('deletion_requests').selectAll().execute()).toHaveLength(0);
  });
});

describe('my pastes', () => {
  it('pages and searches the owner’s pastes without content', async () => {
    const { client } = await signedIn(t);
    for (let i = 0; i < 12; i++) {
      await createPaste(client, { title: i === 3 ? 'Needle here' : `Paste ${i}` });
      t.clock.advance(1000);
    }
    await createPaste(t.client(), { title: 'Needle of someone else' });
    const p1 = await client.get('/api/my-pastes?page=1');
    expect(p1.body).toMatchObject({ page: 1, totalPages: 2, total: 12 });
    expect(p1.body.pastes).toHaveLength(10);
    expect(p1.body.pastes[0].title).toBe('Paste 11');
    expect(p1.body.pastes[0]).not.toHaveProperty('content');
    expect((await client.get('/api/my-pastes?page=2')).body.pastes).toHaveLength(2);
    const found = await client.get('/api/my-pastes?search=needle');
    expect(found.body.pastes.map((p: { title: string }) => p.title)).toEqual(['Needle here']);
    const byId = await client.get(`/api/my-pastes?search=${found.body.pastes[0].id.slice(0, 8)}`);
    expect(byId.body.total).toBe(1);
    const pct = await client.get('/api/my-pastes?search=%25');
    expect(pct.body.total).toBe(0);
  });
});
