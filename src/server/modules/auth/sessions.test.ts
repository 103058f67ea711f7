import { describe, expect, it } from 'vitest';
import { createUser, loginClient, type TestApp, withTestApp } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';
import { SESSION_MESSAGES } from '../../../common/schemas/sessions.js';
import { describeBrowser } from './sessions.presenter.js';
import { SESSION_SEEN_STEP_MS } from './sessions.service.js';

const t = withTestApp();

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A sign-in from a browser with this User-Agent. */
async function device(app: TestApp, user: { username: string; plainPassword: string }, userAgent: string) {
  const c = app.client();
  const res = await c.post(
    '/api/login',
    { username: user.username, password: user.plainPassword, captchaToken: CAPTCHA_BYPASS_TOKEN },
    { headers: { 'user-agent': userAgent } },
  );
  expect(res.status).toBe(200);
  return c;
}

describe('Account → Sessions', () => {
  it('lists every signed-in device with its browser, address and times, this one marked', async () => {
    const user = await createUser(t);
    const laptop = await device(t, user, FIREFOX);
    t.clock.advance(60_000);
    const phone = await device(t, user, SAFARI_IPHONE);
    const res = await phone.get('/api/account/sessions');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { sessions } = res.body;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      browser: 'Safari 17 on iOS',
      address: '127.0.0.1',
      current: true,
      provider: null,
    });
    expect(sessions[1]).toMatchObject({ browser: 'Firefox 128 on Linux', current: false });
    expect(Date.parse(sessions[0].createdAt) - Date.parse(sessions[1].createdAt)).toBe(60_000);
    // Another account's sessions are not in the list.
    const other = await createUser(t);
    await device(t, other, FIREFOX);
    expect((await laptop.get('/api/account/sessions')).body.sessions).toHaveLength(2);
  });

  it('names sessions by an opaque id: neither the cookie nor the stored hash', async () => {
    const user = await createUser(t);
    const c = await loginClient(t, user.username, user.plainPassword);
    const { sessions } = (await c.get('/api/account/sessions')).body;
    const row = await t.db.kysely
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const cookie = c.cookie('pasteshare_session')!;
    expect(sessions[0].id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const answer = JSON.stringify(sessions);
    expect(answer).not.toContain(row.id_hash);
    expect(answer).not.toContain(cookie);
    expect(row.id_hash).not.toContain(sessions[0].id);
  });

  it('moves "last seen" when the device comes back after a while, not on every request', async () => {
    const user = await createUser(t);
    const c = await loginClient(t, user.username, user.plainPassword);
    const first = (await c.get('/api/account/sessions')).body.sessions[0];
    expect(first.lastSeenAt).toBe(first.createdAt);
    t.clock.advance(SESSION_SEEN_STEP_MS - 1);
    expect((await c.get('/api/account/sessions')).body.sessions[0].lastSeenAt).toBe(first.createdAt);
    t.clock.advance(2);
    await c.get('/api/user');
    const later = (await c.get('/api/account/sessions')).body.sessions[0];
    expect(Date.parse(later.lastSeenAt) - Date.parse(first.createdAt)).toBe(SESSION_SEEN_STEP_MS + 1);
  });

  it('signs one device out; another account’s session or an ended one is not found', async () => {
    const user = await createUser(t);
    const laptop = await device(t, user, FIREFOX);
    const phone = await device(t, user, SAFARI_IPHONE);
    const listed = (await laptop.get('/api/account/sessions')).body.sessions;
    const phoneId = listed.find((s: { current: boolean }) => !s.current).id;

    const stranger = await createUser(t);
    const strangerClient = await loginClient(t, stranger.username, stranger.plainPassword);
    expect((await strangerClient.delete(`/api/account/sessions/${phoneId}`)).status).toBe(404);
    expect((await phone.get('/api/user')).status).toBe(200);

    const res = await laptop.delete(`/api/account/sessions/${phoneId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 1 });
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(200);

    const again = await laptop.delete(`/api/account/sessions/${phoneId}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(SESSION_MESSAGES.notFound);
    expect((await laptop.delete('/api/account/sessions/not-an-id')).status).toBe(400);
  });

  it('signing this device out from the list is signing out', async () => {
    const user = await createUser(t);
    const c = await loginClient(t, user.username, user.plainPassword);
    const own = (await c.get('/api/account/sessions')).body.sessions[0];
    expect((await c.delete(`/api/account/sessions/${own.id}`)).status).toBe(200);
    expect(c.cookie('pasteshare_session')).toBeUndefined();
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('signs out everywhere else, keeping this device', async () => {
    const user = await createUser(t);
    const others = [await device(t, user, FIREFOX), await device(t, user, SAFARI_IPHONE)];
    const here = await loginClient(t, user.username, user.plainPassword);
    const res = await here.post('/api/account/sessions/sign-out-others', {});
    expect(res.body).toEqual({ ended: 2 });
    for (const c of others) expect((await c.get('/api/user')).status).toBe(401);
    expect((await here.get('/api/account/sessions')).body.sessions).toHaveLength(1);
  });

  it('is for signed-in people only; an API key lists nothing', async () => {
    expect((await t.client().get('/api/account/sessions')).status).toBe(401);
    const user = await createUser(t);
    const c = await loginClient(t, user.username, user.plainPassword);
    const key = (await c.post('/api/user/regenerate-api-key', {})).body.apiKey;
    const res = await t.client().get('/api/account/sessions', { headers: { 'x-api-key': key } });
    expect(res.status).toBe(401);
  });
});

describe('describeBrowser', () => {
  it('names the browser and system, or says it does not know', () => {
    expect(describeBrowser(FIREFOX)).toBe('Firefox 128 on Linux');
    expect(describeBrowser(null)).toBe('Unknown browser');
    expect(describeBrowser('curl/8.5.0')).toMatch(/curl|Unknown browser/);
  });
});
