import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import { startFakeTurnstile } from '../helpers/fake-turnstile.js';
import { completeSetup, createUser, startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let turnstile: Awaited<ReturnType<typeof startFakeTurnstile>>;

beforeAll(async () => {
  turnstile = await startFakeTurnstile('secret-1');
  t = await startTestApp({ env: { TURNSTILE_VERIFY_URL: turnstile.url, TURNSTILE_TIMEOUT_MS: '300' } });
  await completeSetup(t);
  await t.app.services.settings.update({
    enableTurnstile: true,
    turnstileSiteKey: 'site-1',
    turnstileSecretKey: 'secret-1',
  });
});
afterAll(async () => {
  await t.close();
  await turnstile.close();
});

describe('captcha (Turnstile) when enabled', () => {
  it('publishes the site key but never the secret', async () => {
    const pub = await t.client().get('/api/settings/public');
    expect(pub.body).toMatchObject({ enableTurnstile: true, turnstileSiteKey: 'site-1' });
    expect(pub.text).not.toContain('secret-1');
  });

  it('refuses the bypass token', async () => {
    const u = await createUser(t);
    const res = await t.client().post('/api/login', {
      username: u.username,
      password: u.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Captcha verification failed');
  });

  it('accepts a token the provider confirms, sending secret and client IP', async () => {
    const u = await createUser(t);
    turnstile.state.valid.add('good-token');
    const res = await t
      .client()
      .post('/api/login', { username: u.username, password: u.plainPassword, captchaToken: 'good-token' });
    expect(res.status).toBe(200);
    const last = turnstile.state.requests.at(-1)!;
    expect(last.get('secret')).toBe('secret-1');
    expect(last.get('remoteip')).toBe('127.0.0.1');
  });

  it('refuses a token the provider rejects, and registers nobody', async () => {
    const res = await t
      .client()
      .post('/api/register', { username: 'robot', password: 'password-123', captchaToken: 'forged' });
    expect(res.status).toBe(400);
    expect(
      await t.db.kysely.selectFrom('users').where('username', '=', 'robot').selectAll().execute(),
    ).toHaveLength(0);
  });

  it('fails closed when the provider hangs or errors', async () => {
    const u = await createUser(t);
    turnstile.state.valid.add('fine-token');
    for (const mode of ['hang', 'error'] as const) {
      turnstile.state.mode = mode;
      const res = await t
        .client()
        .post('/api/login', { username: u.username, password: u.plainPassword, captchaToken: 'fine-token' });
      expect(res.status).toBe(400);
    }
    turnstile.state.mode = 'normal';
  });
});
