import { describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import { GENERIC_MESSAGES, REGISTER_MESSAGES } from '../../src/common/messages.js';
import { loadConfig } from '../../src/server/config.js';
import { createUser, signedIn, withTestApp } from '../helpers/test-app.js';

/**
 * Paste creation per address (visitors) and per account (session or API
 * key); registration limits the accounts an address creates, its attempts only loosely. Small
 * limits here; the loopback "proxy" lets a test speak from several addresses.
 */
const t = withTestApp({
  env: { TRUST_PROXY: '127.0.0.1', PASTE_CREATE_PER_IP_PER_MIN: '3', PASTE_CREATE_PER_ACCOUNT_PER_MIN: '5' },
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const paste = { content: 'hello', privacy: 'public', expiration: '1d' };
const pasteCount = async () => (await t.db.kysely.selectFrom('pastes').select('id').execute()).length;

describe('paste creation', () => {
  it('has defaults a person never meets, settable by environment variables', () => {
    expect(loadConfig({}).pasteCreateLimits).toEqual({ perIpPerMin: 30, perAccountPerMin: 120 });
    expect(() => loadConfig({ PASTE_CREATE_PER_IP_PER_MIN: '0' })).toThrow(/PASTE_CREATE_PER_IP_PER_MIN/);
  });

  it('refuses a visitor past the per-address limit with 429 and Retry-After, other addresses unaffected', async () => {
    for (let i = 0; i < 3; i++)
      expect((await t.client().post('/api/pastes', paste, from('10.6.0.1'))).status).toBe(201);
    const before = await pasteCount();
    const limited = await t.client().post('/api/pastes', paste, from('10.6.0.1'));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'RATE_LIMITED',
      message: GENERIC_MESSAGES.tooManyPastes,
      requestId: expect.any(String),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await pasteCount()).toBe(before);
    expect((await t.client().post('/api/pastes', paste, from('10.6.0.2'))).status).toBe(201);
  });

  it('counts a signed-in account across its session and its API key, not against its address', async () => {
    const { client } = await signedIn(t);
    const key = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
    const viaKey = () =>
      t.client().post('/api/v1/pastes', paste, {
        noOrigin: true,
        headers: { 'x-api-key': key, ...from('10.6.1.1').headers },
      });
    // Past the visitor limit of the address (3): the account's own limit (5) applies.
    for (let i = 0; i < 3; i++)
      expect((await client.post('/api/pastes', paste, from('10.6.1.1'))).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await viaKey()).status).toBe(201);
    const bySession = await client.post('/api/pastes', paste, from('10.6.1.2'));
    expect(bySession.status).toBe(429);
    expect(Number(bySession.headers.get('retry-after'))).toBeGreaterThan(0);
    const byKey = await viaKey();
    expect(byKey.status).toBe(429);
    expect(byKey.body.message).toBe(GENERIC_MESSAGES.tooManyPastes);
    // Another account and a visitor of the same address are not affected.
    const { client: other } = await signedIn(t);
    expect((await other.post('/api/pastes', paste, from('10.6.1.1'))).status).toBe(201);
    expect((await t.client().post('/api/pastes', paste, from('10.6.1.3'))).status).toBe(201);
  });
});

describe('registration', () => {
  const register = (ip: string, username: string, password = 'password-123') =>
    t
      .client()
      .post('/api/register', { username, email: '', password, captchaToken: CAPTCHA_BYPASS_TOKEN }, from(ip));

  it('does not lock out a person who picks taken usernames and mistypes several times', async () => {
    for (let i = 0; i < 15; i += 2) await createUser(t, { username: `taken${i + 1}` });
    for (let i = 0; i < 15; i++) {
      const res = await register(
        '10.7.0.1',
        i % 2 ? `taken${i}` : `short${i}`,
        i % 2 ? 'password-123' : 'short',
      );
      expect(res.status).toBe(i % 2 ? 409 : 400);
      if (i % 2) expect(res.body.message).toBe(REGISTER_MESSAGES.usernameTaken);
    }
    expect((await register('10.7.0.1', 'finally-me')).status).toBe(201);
  });

  it('limits the accounts one address creates in an hour, with Retry-After, other addresses unaffected', async () => {
    for (let i = 0; i < 10; i++) expect((await register('10.7.1.1', `acct${i}`)).status).toBe(201);
    const limited = await register('10.7.1.1', 'one-more');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(GENERIC_MESSAGES.tooManyAccounts);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      await t.db.kysely.selectFrom('users').where('username', '=', 'one-more').selectAll().execute(),
    ).toHaveLength(0);
    expect((await register('10.7.1.2', 'one-more')).status).toBe(201);
  });

  it('still refuses a flood of attempts from one address', async () => {
    let res = await register('10.7.2.1', 'x');
    for (let i = 0; i < 60 && res.status !== 429; i++) res = await register('10.7.2.1', `u${i}`, 'short');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await register('10.7.2.2', 'other-person')).status).toBe(201);
  });
});
