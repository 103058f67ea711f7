import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMBERS_ONLY_MESSAGES } from '../../src/common/messages.js';
import { renderPastePage } from '../../src/web/ssr/render-paste-page.js';
import type { HttpClient } from '../helpers/http-client.js';
import { createPaste, createPasteAsForm } from '../helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../helpers/test-app.js';
import { tempDir } from '../helpers/test-db.js';

/**
 * A members-only site (Settings → Security): "sign-in required to create" and "sign-in required to
 * read". The spec's default, an open site, is checked first.
 */

/**
 * The API routes a visitor may still call on a members-only site: the ways in and back in, the
 * public settings and first-run setup. A public route missing here answers visitors 401 there.
 */
const OPEN_TO_VISITORS = [
  'GET /api/settings/public',
  'GET /api/setup/status',
  'POST /api/setup',
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'GET /api/user',
  'POST /api/auth/second-factor',
  'POST /api/auth/passkeys/sign-in-options',
  'POST /api/auth/passkeys/sign-in',
  'POST /api/auth/passkeys/second-factor-options',
  'POST /api/auth/passkeys/second-factor',
  'GET /api/verify-email/:token',
  'POST /api/auth/reveal-api-key',
  'POST /api/auth/resend-verification',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/auth/providers',
  'GET /api/auth/oidc/:id/start',
  'GET /api/auth/oidc/:id/callback',
  'POST /api/auth/ldap/:id/login',
  // Answers 404 on such a site: embeds are for open sites (mayEmbedPaste).
  'GET /api/oembed',
].sort();

const webRoot = tempDir('pasteshare-members-web-');
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'assets/app-abc.js'), 'console.log("app")');
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const t = withTestApp({ webRoot, renderPastePage });

const sample = (url: string, id: string) => url.replace(':id', id).replace(/:[A-Za-z]+/g, 'x');

async function asAdmin(): Promise<HttpClient> {
  return loginClient(t, ADMIN.username, ADMIN.password);
}

async function setSwitches(change: { requireSignInToCreate?: boolean; requireSignInToRead?: boolean }) {
  const res = await (await asAdmin()).put('/api/settings', change);
  expect(res.status, res.text).toBe(200);
}

describe('an open site (the default)', () => {
  it('lets a visitor read and create, and a paste page carry its title for link previews', async () => {
    const { client } = await signedIn(t);
    const { id } = await createPaste(client, { title: 'Open title', content: 'open text' });
    const visitor = t.client();
    expect((await visitor.get(`/api/pastes/${id}`)).status).toBe(200);
    expect((await visitor.get(`/raw/${id}`)).text).toBe('open text');
    const page = await visitor.get(`/paste/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('og:title');
    expect(page.text).toContain('Open title');
    expect((await createPaste(visitor)).id).toBeTruthy();
    const settings = (await visitor.get('/api/settings/public')).body;
    expect(settings).toMatchObject({ requireSignInToCreate: false, requireSignInToRead: false });
  });
});

describe('sign-in required to create', () => {
  it('refuses a visitor’s paste, as JSON and as a form, before reading it; members create; reading stays open', async () => {
    await setSwitches({ requireSignInToCreate: true });
    const visitor = t.client();
    const refused = await visitor.post('/api/pastes', { content: 'x', privacy: 'public', expiration: '1d' });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      error: 'MEMBERS_ONLY',
      message: MEMBERS_ONLY_MESSAGES.createRequired,
    });
    await expect(createPasteAsForm(visitor, 'form text')).rejects.toThrow(/401/);
    // A body of any shape is refused the same way: the answer comes before validation.
    expect((await visitor.post('/api/pastes', { nonsense: true })).status).toBe(401);
    expect(await t.db.kysely.selectFrom('pastes').select('id').execute()).toEqual([]);

    const { client } = await signedIn(t);
    const { id } = await createPaste(client, { content: 'member text' });
    expect((await visitor.get(`/api/pastes/${id}`)).status).toBe(200);
    expect((await visitor.get('/api/settings/public')).body.requireSignInToCreate).toBe(true);
  });
});

describe('sign-in required to read', () => {
  it('opens to visitors exactly the routes of the table', () => {
    const open = t.app.routeAccess.filter((r) => r.openToVisitors).map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(OPEN_TO_VISITORS);
  });

  it('answers a visitor 401 on every other public route, members and credentials as before', async () => {
    const member = await signedIn(t);
    const { id } = await createPaste(member.client, { title: 'Secret plans', content: 'line one\nline two' });
    await setSwitches({ requireSignInToRead: true });
    const visitor = t.client();
    const closed = t.app.routeAccess.filter((r) => r.access === 'public' && !r.openToVisitors);
    expect(closed.length).toBeGreaterThan(15);
    for (const r of closed) {
      const res = await visitor.request(r.method, sample(r.url, id), r.method === 'GET' ? undefined : {});
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body, `${r.method} ${r.url}`).toMatchObject({
        error: 'MEMBERS_ONLY',
        message: MEMBERS_ONLY_MESSAGES.readRequired,
      });
      expect(res.text).not.toContain('line one');
    }
    // Every read path by name, with the paste that exists (and outside /api).
    for (const url of [
      `/api/pastes/${id}`,
      `/api/pastes/${id}/raw`,
      `/api/pastes/${id}/download`,
      `/raw/${id}`,
      `/api/pastes/${id}/lines?from=1&count=2`,
      `/api/pastes/${id}/search?q=line`,
      `/api/pastes/${id}/revisions`,
      `/api/pastes/${id}/revisions/1/raw`,
      '/api/top-views',
      '/api/top-views-v2',
      '/api/top-users',
      '/api/openapi.json',
    ]) {
      const res = await visitor.get(url);
      expect(res.status, url).toBe(401);
      expect(res.text, url).not.toContain('line one');
    }
    expect((await visitor.request('HEAD', `/raw/${id}`)).status).toBe(401);
    expect((await visitor.post('/api/pastes', { content: 'x' })).body.message).toBe(
      MEMBERS_ONLY_MESSAGES.readRequired,
    );

    // A member reads as before, by session; a script by its key.
    expect((await member.client.get(`/raw/${id}`)).text).toBe('line one\nline two');
    expect((await member.client.get('/api/top-views')).status).toBe(200);
    const key = (await member.client.post('/api/user/regenerate-api-key')).body.apiKey as string;
    expect((await t.client().get(`/api/v1/pastes/${id}`, { headers: { 'x-api-key': key } })).status).toBe(
      200,
    );
    // The ways in stay open.
    expect((await visitor.get('/api/settings/public')).body.requireSignInToRead).toBe(true);
    expect((await visitor.get('/api/auth/providers')).status).toBe(200);
    const login = await visitor.post('/api/login', {
      username: member.user.username,
      password: member.user.plainPassword,
      captchaToken: 'captcha-disabled',
    });
    expect(login.status).toBe(200);
    expect((await visitor.get(`/api/pastes/${id}`)).status).toBe(200);
  });

  it('sends a visitor from every page to sign in, with no paste text, title or preview tags', async () => {
    const member = await signedIn(t);
    const { id } = await createPaste(member.client, { title: 'Quarterly numbers', content: 'secret body' });
    await setSwitches({ requireSignInToRead: true });
    const visitor = t.client();
    for (const [page, next] of [
      [`/paste/${id}`, `&next=${encodeURIComponent(`/paste/${id}`)}`],
      [`/paste/${id}/revisions`, `&next=${encodeURIComponent(`/paste/${id}/revisions`)}`],
      ['/', ''],
      ['/top-views', `&next=${encodeURIComponent('/top-views')}`],
      ['/about', `&next=${encodeURIComponent('/about')}`],
      ['/api', `&next=${encodeURIComponent('/api')}`],
      ['/account', `&next=${encodeURIComponent('/account')}`],
    ]) {
      const res = await visitor.get(page!);
      expect(res.status, page).toBe(302);
      expect(res.headers.get('location'), page).toBe(`/auth?tab=login${next}`);
      expect(res.text).not.toContain('Quarterly');
      expect(res.text).not.toContain('secret body');
    }
    // A link-preview bot is a visitor: nothing of the paste.
    const bot = await t
      .client()
      .get(`/paste/${id}`, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } });
    expect(bot.status).toBe(302);
    expect(bot.text).not.toContain('og:');
    // The sign-in screens, the terms, and the app's own files still load.
    for (const page of [
      '/auth',
      '/auth?tab=register',
      '/forgot-password',
      '/reset-password',
      '/terms',
      '/privacy',
    ]) {
      const res = await visitor.get(page);
      expect(res.status, page).toBe(200);
      expect(res.text).not.toContain('Quarterly');
    }
    expect((await visitor.get('/assets/app-abc.js')).status).toBe(200);
    // A member gets the page with its text.
    const own = await member.client.get(`/paste/${id}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain('secret body');
  });
});
