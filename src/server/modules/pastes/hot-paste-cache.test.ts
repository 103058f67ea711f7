import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { withTestApp } from '../../../../test/helpers/test-app.js';
import { HOT_PASTE_TTL_MS } from './hot-paste-cache.js';

const t = withTestApp();

/** The kept row of a hot paste must never outlive what the spec promises about the paste. */
describe('hot paste rows', () => {
  it('forget a paste deleted here at once, even one read a moment ago', async () => {
    const { id } = await createPaste(t.client());
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    expect(await t.app.services.pastes.delete(id)).toBe(true);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(404);
    expect((await t.client().get(`/raw/${id}`)).status).toBe(404);
  });

  it('never serve a paste past its expiry, even while its row is kept', async () => {
    const { id } = await createPaste(t.client(), { expiration: '1h' });
    t.clock.advance(3_600_000 - HOT_PASTE_TTL_MS / 2);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    t.clock.advance(HOT_PASTE_TTL_MS / 4);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    t.clock.advance(HOT_PASTE_TTL_MS / 4);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(404);
  });

  it('show a change made elsewhere (another instance) within the keeping time', async () => {
    const { id } = await createPaste(t.client(), { title: 'before' });
    expect((await t.client().get(`/api/pastes/${id}`)).body.title).toBe('before');
    await t.db.kysely.updateTable('pastes').set({ title: 'after' }).where('id', '=', id).execute();
    t.clock.advance(HOT_PASTE_TTL_MS);
    expect((await t.client().get(`/api/pastes/${id}`)).body.title).toBe('after');
    await t.db.kysely.deleteFrom('pastes').where('id', '=', id).execute();
    t.clock.advance(HOT_PASTE_TTL_MS);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(404);
  });

  it('keep counting views across a flush without going back or counting twice', async () => {
    const { id } = await createPaste(t.client());
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) counts.push((await t.client().get(`/api/pastes/${id}`)).body.viewCount);
    await t.app.services.views.flush();
    for (let i = 0; i < 2; i++) counts.push((await t.client().get(`/api/pastes/${id}`)).body.viewCount);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
  });

  it('still ask for the password of a password paste at every read', async () => {
    const { id } = await createPaste(t.client(), { privacy: 'password', password: 'open sesame' });
    const client = t.client();
    expect((await client.post(`/api/pastes/${id}/verify`, { password: 'open sesame' })).status).toBe(200);
    const again = await client.get(`/api/pastes/${id}`);
    expect(again.body.requiresPassword).toBe(true);
    expect(again.body.content).toBeUndefined();
  });
});
