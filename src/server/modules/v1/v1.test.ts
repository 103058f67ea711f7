import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { JSON_CREATE_MAX_BYTES } from '../../../common/constants.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';

const run = promisify(execFile);

const t = withTestApp();
let owner: { client: HttpClient; key: string; username: string };
beforeEach(async () => {
  const { client, user } = await signedIn(t);
  const key = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
  owner = { client, key, username: user.username };
});

/** Like an API client: no cookies, no Origin, just the key. */
function api(method: string, url: string, key: string, body?: unknown, headers: Record<string, string> = {}) {
  const raw = typeof body === 'string' ? body : undefined;
  return t.client().request(method, url, raw === undefined ? body : undefined, {
    noOrigin: true,
    raw,
    headers: { 'x-api-key': key, ...(raw !== undefined ? { 'content-type': 'text/plain' } : {}), ...headers },
  });
}

describe('POST /api/v1/pastes', () => {
  it('takes a raw body with options in the query string and answers the paste URL', async () => {
    const res = await api(
      'POST',
      '/api/v1/pastes?title=Build%20log&expiration=1w',
      owner.key,
      'line 1\nline 2\n',
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), url: `${t.baseUrl}/paste/${res.body.id}` });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const view = await t.client().get(`/api/pastes/${res.body.id}`);
    expect(view.body).toMatchObject({
      title: 'Build log',
      content: 'line 1\nline 2\n',
      expiration: '1w',
      username: owner.username,
    });
  });

  it('works from curl --data-binary with a file, exactly as documented', async () => {
    const file = path.join(t.dataDir, 'notes.txt');
    fs.writeFileSync(file, 'héllo from curl\nsecond=line&x=1\n');
    // No Content-Type: curl then sends application/x-www-form-urlencoded, taken here as raw text.
    const { stdout } = await run('curl', [
      '-sS',
      '--data-binary',
      `@${file}`,
      '-H',
      `X-API-Key: ${owner.key}`,
      `${t.baseUrl}/api/v1/pastes?title=notes`,
    ]);
    const { id, url } = JSON.parse(stdout);
    expect(url).toBe(`${t.baseUrl}/paste/${id}`);
    const view = (await t.client().get(`/api/pastes/${id}`)).body;
    expect(view).toMatchObject({ title: 'notes', content: 'héllo from curl\nsecond=line&x=1\n' });
  });

  it('takes text/plain, octet-stream and form-typed bodies raw, and refuses other types', async () => {
    const send = (type: string, raw: string) =>
      t.client().post('/api/v1/pastes', undefined, {
        noOrigin: true,
        raw,
        headers: { 'x-api-key': owner.key, 'content-type': type },
      });
    expect((await send('application/octet-stream', 'bytes')).status).toBe(201);
    expect((await send('text/plain; charset=utf-8', 'text')).status).toBe(201);
    expect((await send('application/xml', '<a/>')).status).toBe(415);
    expect((await api('POST', '/api/v1/pastes', owner.key)).status).toBe(400);
  });

  it('takes JSON bodies up to the chunked-upload threshold, as a raw body', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const json = await api('POST', '/api/v1/pastes', owner.key, { content: big });
    expect(json.status).toBe(201);
    expect((await t.client().get(`/raw/${json.body.id}`)).text).toBe(big);
    const raw = await api('POST', '/api/v1/pastes', owner.key, big);
    expect(raw.status).toBe(201);
    expect((await t.client().get(`/raw/${raw.body.id}`)).text).toBe(big);
    const over = await api('POST', '/api/v1/pastes', owner.key, {
      content: 'x'.repeat(JSON_CREATE_MAX_BYTES),
    });
    expect([over.status, over.body.message]).toEqual([413, PASTE_MESSAGES.createJsonTooLarge]);
  });

  it('takes the same JSON body as the web app, with the password only in the body or a header', async () => {
    const res = await api('POST', '/api/v1/pastes', owner.key, {
      title: 'Secret',
      content: 'top secret',
      privacy: 'password',
      password: 'open-sesame',
      expiration: '1d',
    });
    expect(res.status).toBe(201);
    const stranger = await t.client().get(`/api/pastes/${res.body.id}`);
    expect(stranger.body.requiresPassword).toBe(true);
    expect(stranger.body.content).toBeUndefined();

    const raw = await api('POST', '/api/v1/pastes?privacy=password', owner.key, 'raw secret', {
      'x-paste-password': 'pw-123456',
    });
    expect(raw.status).toBe(201);
    const unlocked = await t.client().post(`/api/pastes/${raw.body.id}/verify`, { password: 'pw-123456' });
    expect(unlocked.body.content).toBe('raw secret');
  });

  it('applies the paste rules and messages', async () => {
    expect((await api('POST', '/api/v1/pastes', owner.key, '   ')).body.message).toBe(
      PASTE_MESSAGES.emptyContent,
    );
    const unlimited = await api('POST', '/api/v1/pastes?expiration=unlimited', owner.key, 'x');
    expect(unlimited.status).toBe(403);
    expect(unlimited.body.message).toBe(PASTE_MESSAGES.unlimitedNeedsVip);
    const badUtf8 = await t.client().post('/api/v1/pastes', undefined, {
      noOrigin: true,
      raw: Buffer.from([0x66, 0xff, 0xfe]),
      headers: { 'x-api-key': owner.key, 'content-type': 'text/plain' },
    });
    expect(badUtf8.status).toBe(400);
  });
  it('answers a too-long X-Paste-Password with 400 naming the field, not 500', async () => {
    const res = await api('POST', '/api/v1/pastes?privacy=password', owner.key, 'raw secret', {
      'x-paste-password': 'p'.repeat(300),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION');
    expect(res.body.message).toMatch(/^password: /);
  });
});

describe('API-key authentication', () => {
  it('refuses a wrong key, and any key while keys are disabled', async () => {
    const wrong = await api('GET', '/api/v1/pastes', 'pb_not-a-real-key');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: 'INVALID_API_KEY',
      message: 'Invalid API key',
      requestId: expect.any(String),
    });

    await t.app.services.settings.update({ enableApiKeys: false });
    const disabled = await api('GET', '/api/v1/pastes', owner.key);
    expect(disabled.status).toBe(401);
    expect(disabled.body).toEqual({
      error: 'INVALID_API_KEY',
      message: 'Invalid API key',
      requestId: expect.any(String),
    });

    await t.app.services.settings.update({ enableApiKeys: true });
    expect((await api('GET', '/api/v1/pastes', owner.key)).status).toBe(200);
  });

  it('stops the old key at once when a new one is generated', async () => {
    const next = (await owner.client.post('/api/user/regenerate-api-key')).body.apiKey;
    expect((await api('GET', '/api/v1/pastes', owner.key)).status).toBe(401);
    expect((await api('GET', '/api/v1/pastes', next)).status).toBe(200);
  });

  it('acts as the key owner whatever cookie comes along, and needs no Origin', async () => {
    const { client: other } = await signedIn(t);
    const res = await other.post('/api/v1/pastes', undefined, {
      noOrigin: true,
      raw: 'mine?',
      headers: { 'x-api-key': owner.key, 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(201);
    const row = await t.db.kysely
      .selectFrom('pastes')
      .innerJoin('users', 'users.id', 'pastes.user_id')
      .select('users.username')
      .where('pastes.id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.username).toBe(owner.username);

    // Even from another site: the key is the authority, not an ambient cookie.
    const crossSite = await api('POST', '/api/v1/pastes', owner.key, 'x', {
      origin: 'https://elsewhere.example',
    });
    expect(crossSite.status).toBe(201);
  });

  it('is the only way in: a session cookie without a key is refused', async () => {
    const res = await owner.client.get('/api/v1/pastes');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'INVALID_API_KEY',
      message: ACCOUNT_MESSAGES.apiKeyRequired,
      requestId: expect.any(String),
    });
    // A cross-site form post riding on the cookie gets nowhere either.
    const form = await owner.client.post('/api/v1/pastes', undefined, {
      raw: 'content=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect([401, 403]).toContain(form.status);
    const sameSite = await owner.client.post('/api/v1/pastes', undefined, {
      raw: 'content=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sameSite.status).toBe(401);
    expect(await t.db.kysely.selectFrom('pastes').selectAll().execute()).toHaveLength(0);
  });

  it('never opens session-only account routes', async () => {
    const headers = { 'x-api-key': owner.key };
    expect((await t.client().get('/api/user/api-key', { headers })).status).toBe(401);
    // Cookie + key: the cookie is ignored because the key header is present.
    expect((await owner.client.get('/api/user/api-key', { headers })).status).toBe(401);
    const change = await owner.client.post(
      '/api/user/change-password',
      { currentPassword: 'password-123', newPassword: 'taken-over' },
      { headers },
    );
    expect(change.status).toBe(401);
  });

  it('keeps text/plain bodies out of every other route', async () => {
    const res = await owner.client.post('/api/pastes', undefined, {
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });

  it('rate-limits per key', async () => {
    let status = 200;
    for (let i = 0; i < 125 && status === 200; i++)
      status = (await api('GET', '/api/v1/pastes', owner.key)).status;
    expect(status).toBe(429);
  });
});

describe('reading pastes with a key', () => {
  it('lists the owner’s pastes without content, paged and searchable', async () => {
    for (const title of ['alpha', 'beta', 'gamma'])
      await api('POST', `/api/v1/pastes?title=${title}`, owner.key, title);
    const { client: other } = await signedIn(t);
    await other.post('/api/pastes', { content: 'not mine', title: 'alpha other' });

    const all = await api('GET', '/api/v1/pastes?limit=2', owner.key);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, totalPages: 2, total: 3 });
    expect(all.body.pastes).toHaveLength(2);
    expect(all.body.pastes[0]).not.toHaveProperty('content');
    const search = await api('GET', '/api/v1/pastes?search=alp', owner.key);
    expect(search.body.pastes.map((p: { title: string }) => p.title)).toEqual(['alpha']);
  });

  it('reads a paste, with X-Paste-Password for a protected one', async () => {
    const { client: other } = await signedIn(t);
    const id = (
      await other.post('/api/pastes', { content: 'locked', privacy: 'password', password: 'pw-1234' })
    ).body.id;
    const locked = await api('GET', `/api/v1/pastes/${id}`, owner.key);
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ requiresPassword: true });
    expect(locked.body.content).toBeUndefined();
    const wrong = await api('GET', `/api/v1/pastes/${id}`, owner.key, undefined, {
      'x-paste-password': 'nope',
    });
    expect(wrong.status).toBe(403);
    const open = await api('GET', `/api/v1/pastes/${id}`, owner.key, undefined, {
      'x-paste-password': 'pw-1234',
    });
    expect(open.body.content).toBe('locked');
    expect((await api('GET', '/api/v1/pastes/../etc', owner.key)).status).toBe(404);
  });

  it('burns a burn-after-reading paste on its first API read', async () => {
    const { client: other } = await signedIn(t);
    const id = (await other.post('/api/pastes', { content: 'once', expiration: 'burn' })).body.id;
    const first = await api('GET', `/api/v1/pastes/${id}`, owner.key);
    expect(first.body.content).toBe('once');
    expect((await api('GET', `/api/v1/pastes/${id}`, owner.key)).status).toBe(404);
    expect(await t.db.kysely.selectFrom('pastes').where('id', '=', id).selectAll().execute()).toHaveLength(0);
  });
});
