import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { signedIn, withTestApp } from '../helpers/test-app.js';
import { openTestDb, tempDir } from '../helpers/test-db.js';

const t = withTestApp({ each: false });

describe('CSRF', () => {
  it('refuses cookie-authenticated changes from another origin', async () => {
    const { client } = await signedIn(t);
    const evil = await client.post('/api/logout', undefined, { headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({
      error: 'CSRF',
      message: 'Cross-site request refused',
      requestId: expect.any(String),
    });
    const crossSite = await client.post('/api/logout', undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const noHeaders = await client.post('/api/logout', undefined, { noOrigin: true });
    expect(noHeaders.status).toBe(403);
    // Still signed in: nothing changed.
    expect((await client.get('/api/user')).status).toBe(200);
    const same = await client.post('/api/logout', undefined, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(same.status).toBe(200);
  });

  it('refuses a cross-site login (login CSRF)', async () => {
    const res = await t
      .client()
      .post(
        '/api/login',
        { username: 'admin', password: 'x', captchaToken: 'captcha-disabled' },
        { headers: { origin: 'https://evil.example' } },
      );
    expect(res.status).toBe(403);
  });
});

describe('request bodies', () => {
  it('refuses text/plain and form bodies on JSON routes (415)', async () => {
    const c = t.client();
    const plain = await c.post('/api/login', undefined, {
      raw: '{"username":"admin"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(plain.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const form = await c.post('/api/login', undefined, {
      raw: 'username=admin&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('answers malformed JSON and invalid UTF-8 with 400', async () => {
    const c = t.client();
    const bad = await c.post('/api/login', undefined, {
      raw: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('INVALID_JSON');
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"username":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","password":"x"}'),
    ]);
    const enc = await c.post('/api/login', undefined, {
      raw: invalidUtf8,
      headers: { 'content-type': 'application/json' },
    });
    expect(enc.status).toBe(400);
    expect(enc.body.message).toBe('Request body is not valid UTF-8');
  });

  it('answers an oversized body with 413 JSON', async () => {
    const res = await t
      .client()
      .post('/api/register', { username: 'x'.repeat(2 * 1024 * 1024), password: 'p' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large',
      requestId: expect.any(String),
    });
  });

  it('refuses prototype-poisoning JSON', async () => {
    const res = await t.client().post('/api/login', undefined, {
      raw: '{"__proto__":{"admin":true},"username":"a","password":"b"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('errors and headers', () => {
  it('answers unknown API routes with 404 JSON, never the web page', async () => {
    const res = await t.client().get('/api/does-not-exist', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.error).toBe('NOT_FOUND');
  });

  it('sends the app a strict CSP and no referrer', async () => {
    const res = await t.client().get('/some/page', { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/worker-src 'self'(;|$)/);
    // Images only from us and the VIP banner allowlist: no `https:` wildcard.
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/i\.imgur\.com/);
    expect(csp).not.toMatch(/img-src[^;]* https:(;| )/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('marks every API answer as data that may not load, run or be framed', async () => {
    for (const url of ['/api/settings/public', '/api/pastes/nope', '/api/does-not-exist']) {
      const res = await t.client().get(url);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });

  it('hides internals of unexpected errors behind a request id', async () => {
    const dataDir = tempDir();
    const db = await openTestDb(dataDir);
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), {
      db,
      webRoot: `${dataDir}/none`,
    });
    app.get('/api/boom', { config: { access: 'public', allowBeforeSetup: true } }, async () => {
      throw new Error('secret internals at /srv/db');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.error).toBe('INTERNAL');
    expect(body.requestId).toMatch(/[0-9a-f-]{36}/);
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('at ');
  });
});
