import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';

// Behind a loopback "proxy": each read below comes from its own client (X-Forwarded-For).
const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
let reader = 0;

async function view(id: string, times: number) {
  for (let i = 0; i < times; i++) {
    reader += 1;
    await t
      .client()
      .get(`/api/pastes/${id}`, { headers: { 'x-forwarded-for': `10.5.${reader >> 8}.${reader & 255}` } });
  }
}

describe('leaderboard', () => {
  it('lists the most viewed public pastes and never unlisted, password or burn ones', async () => {
    const { user, client } = await signedIn(t, 'vip');
    const top = await createPaste(client, { title: 'Top one' });
    const second = await createPaste(t.client(), { title: 'Second' });
    const unlisted = await createPaste(client, { privacy: 'unlisted' });
    const locked = await createPaste(client, { privacy: 'password', password: 'pw' });
    const burn = await createPaste(client, { expiration: 'burn' });
    await view(top.id, 3);
    await view(second.id, 2);
    await view(unlisted.id, 5);
    await t.client().post(`/api/pastes/${locked.id}/verify`, { password: 'pw' });
    await view(burn.id, 1);
    await t.app.services.views.flush();

    const res = await t.client().get('/api/top-views');
    expect(res.body.pastes.map((p: { id: string }) => p.id)).toEqual([top.id, second.id]);
    expect(res.body.pastes[0]).toMatchObject({
      title: 'Top one',
      viewCount: 3,
      username: user.username,
      role: 'vip',
    });
    expect(res.body.pastes[1]).toMatchObject({ username: 'Anonymous', role: null });

    const users = await t.client().get('/api/top-users?limit=10');
    expect(users.body).toEqual([{ userId: user.id, username: user.username, role: 'vip', totalViews: 3 }]);
  });

  it('ranks weekly and monthly boards by pastes of that period', async () => {
    const old = await createPaste(t.client(), { expiration: '3m' });
    await view(old.id, 5);
    t.clock.advance(10 * 86_400_000);
    const recent = await createPaste(t.client());
    await view(recent.id, 1);
    await t.app.services.views.flush();
    const ids = async (period: string) =>
      (await t.client().get(`/api/top-views-v2?period=${period}`)).body.pastes.map(
        (p: { id: string }) => p.id,
      );
    expect(await ids('all-time')).toEqual([old.id, recent.id]);
    expect(await ids('monthly')).toEqual([old.id, recent.id]);
    expect(await ids('weekly')).toEqual([recent.id]);
    expect((await t.client().get('/api/top-views-v2?period=yearly')).status).toBe(400);
    expect((await t.client().get('/api/top-users?limit=1000')).status).toBe(400);
  });

  it('drops expired pastes from the board', async () => {
    const p = await createPaste(t.client(), { expiration: '1h' });
    await view(p.id, 1);
    await t.app.services.views.flush();
    expect((await t.client().get('/api/top-views')).body.pastes).toHaveLength(1);
    t.clock.advance(3_600_001);
    expect((await t.client().get('/api/top-views')).body.pastes).toHaveLength(0);
  });
});
