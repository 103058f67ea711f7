import { describe, expect, it } from 'vitest';
import { createPaste, storedViewCount } from '../../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../../test/helpers/test-app.js';
import { VIEWER_WINDOW_MS } from './recent-viewers.js';

/** One viewer counts once per paste per window, so the leaderboard means something. */
const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

const storedViews = (id: string) => storedViewCount(t, id);

describe('view counting', () => {
  it('counts 300 reads by one client as one view', async () => {
    const { id } = await createPaste(t.client());
    const c = t.client();
    let last = 0;
    for (let i = 0; i < 300; i++) {
      const res = await c.get(`/api/pastes/${id}`, from('10.2.0.1'));
      expect(res.status).toBe(200);
      last = res.body.viewCount;
    }
    expect(last).toBe(1);
    // Raw and download by the same client are the same viewer.
    expect((await c.get(`/raw/${id}`, from('10.2.0.1'))).status).toBe(200);
    expect((await c.get(`/api/pastes/${id}/download`, from('10.2.0.1'))).status).toBe(200);
    expect(await storedViews(id)).toBe(1);
  });

  it('counts two clients as two views, and two accounts behind one address as two', async () => {
    const { id } = await createPaste(t.client());
    await t.client().get(`/api/pastes/${id}`, from('10.2.1.1'));
    await t.client().get(`/api/pastes/${id}`, from('10.2.1.2'));
    await t.client().get(`/api/pastes/${id}`, from('10.2.1.2'));
    expect(await storedViews(id)).toBe(2);
    const { client: alice } = await signedIn(t);
    const { client: bob } = await signedIn(t);
    for (const c of [alice, bob, alice, bob]) await c.get(`/api/pastes/${id}`, from('10.2.1.3'));
    expect(await storedViews(id)).toBe(4);
  });

  it('counts the same client again once the window has passed', async () => {
    const { id } = await createPaste(t.client(), { expiration: '1w' });
    const read = async () => (await t.client().get(`/api/pastes/${id}`, from('10.2.2.1'))).body.viewCount;
    expect(await read()).toBe(1);
    t.clock.advance(VIEWER_WINDOW_MS - 1000);
    expect(await read()).toBe(1);
    t.clock.advance(2000);
    expect(await read()).toBe(2);
    expect(await storedViews(id)).toBe(2);
  });

  it('ranks the leaderboard by viewers, not by reads', async () => {
    const hammered = await createPaste(t.client(), { title: 'hammered' });
    const popular = await createPaste(t.client(), { title: 'popular' });
    for (let i = 0; i < 300; i++) await t.client().get(`/api/pastes/${hammered.id}`, from('10.2.3.1'));
    for (let i = 0; i < 3; i++) await t.client().get(`/api/pastes/${popular.id}`, from(`10.2.3.${10 + i}`));
    await t.app.services.views.flush();
    const board = await t.client().get('/api/top-views');
    expect(board.body.pastes.map((p: { id: string; viewCount: number }) => [p.id, p.viewCount])).toEqual([
      [popular.id, 3],
      [hammered.id, 1],
    ]);
  });
});
