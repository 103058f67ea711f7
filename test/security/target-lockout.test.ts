import { describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import { createPaste } from '../helpers/pastes.js';
import { createUser, withTestApp } from '../helpers/test-app.js';

/**
 * Failures on one target (an account, a password paste) slow the next attempts on it
 * down but never lock its owner out; the hard block stays per client IP. The loopback "proxy" lets
 * a test speak from several addresses; the test clock records each slow-down instead of waiting.
 */
const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
/** The longest single slow-down a request may meet (security: slow, not deny). */
const MAX_DELAY_MS = 4_000;

describe('login', () => {
  const login = (ip: string, username: string, password: string) =>
    t.client().post('/api/login', { username, password, captchaToken: CAPTCHA_BYPASS_TOKEN }, from(ip));

  it('lets the owner in from another address right after 15 failures on the username', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 15; i++) {
      expect((await login('10.0.0.1', u.username, `wrong-${i}`)).status).toBe(401);
    }
    const before = t.clock.sleeps.length;
    const owner = await login('10.0.0.2', u.username, u.plainPassword);
    expect(owner.status).toBe(200);
    expect(owner.body.username).toBe(u.username);
    // Slowed down at most a few seconds, not refused.
    const waited = t.clock.sleeps.slice(before);
    expect(waited.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MAX_DELAY_MS);
  });

  it('slows failures on one username down with growing, capped delays', async () => {
    const u = await createUser(t);
    const before = t.clock.sleeps.length;
    for (let i = 0; i < 15; i++) await login(`10.0.1.${i}`, u.username, `wrong-${i}`);
    const waited = t.clock.sleeps.slice(before);
    expect(waited.length).toBeGreaterThan(5);
    for (let i = 1; i < waited.length; i++) expect(waited[i]!).toBeGreaterThanOrEqual(waited[i - 1]!);
    expect(waited[0]).toBe(250);
    expect(Math.max(...waited)).toBe(MAX_DELAY_MS);
  });

  it('still blocks one address hard after 30 attempts, with Retry-After, and only that address', async () => {
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i++) {
      status = (await login('10.0.2.1', `nobody${i}`, 'x-x-x-x-x')).status;
    }
    expect(status).toBe(429);
    const u = await createUser(t);
    const blocked = await login('10.0.2.1', u.username, u.plainPassword);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('10.0.2.2', u.username, u.plainPassword)).status).toBe(200);
  });
});

describe('password paste unlock', () => {
  const unlock = (ip: string, id: string, password: string) =>
    t.client().post(`/api/pastes/${id}/verify`, { password }, from(ip));

  it('lets the recipient in from another address right after 25 failures on the paste', async () => {
    const { id } = await createPaste(t.client(), {
      privacy: 'password',
      password: 'right-one',
      content: 'hi',
    });
    for (let i = 0; i < 25; i++) expect((await unlock('10.1.0.1', id, `guess-${i}`)).status).toBe(403);
    const before = t.clock.sleeps.length;
    const recipient = await unlock('10.1.0.2', id, 'right-one');
    expect(recipient.status).toBe(200);
    expect(recipient.body.content).toBe('hi');
    expect(t.clock.sleeps.slice(before).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MAX_DELAY_MS);
  });

  it('slows guesses spread over many addresses down, and the raw route shares the counter', async () => {
    const { id } = await createPaste(t.client(), { privacy: 'password', password: 'right-one' });
    const before = t.clock.sleeps.length;
    for (let i = 0; i < 20; i++) await unlock(`10.1.1.${i}`, id, `guess-${i}`);
    const raw = await t
      .client()
      .get(`/raw/${id}`, { headers: { 'x-paste-password': 'nope', ...from('10.1.1.99').headers } });
    expect(raw.status).toBe(403);
    const waited = t.clock.sleeps.slice(before);
    expect(waited.length).toBeGreaterThan(5);
    expect(waited.at(-1)).toBe(MAX_DELAY_MS);
  });

  it('still blocks one address hard after 60 unlock attempts, with Retry-After, and only that address', async () => {
    const { id } = await createPaste(t.client(), {
      privacy: 'password',
      password: 'right-one',
      content: 'hi',
    });
    let status = 0;
    for (let i = 0; i < 61 && status !== 429; i++) status = (await unlock('10.1.2.1', id, `g${i}`)).status;
    expect(status).toBe(429);
    const blocked = await unlock('10.1.2.1', id, 'right-one');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await unlock('10.1.2.2', id, 'right-one')).status).toBe(200);
  });
});
