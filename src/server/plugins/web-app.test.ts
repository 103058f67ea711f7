import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, startTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { tempDir } from '../../../test/helpers/test-db.js';
import { CLIENT_ROUTES } from '../../common/client-routes.js';

/** The app's own index.html (its notice for a browser without scripts included). */
const SHELL = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
const NOSCRIPT_NOTICE =
  /<noscript>\s*<p class="[^"]+">This page needs JavaScript\. Enable it and reload\.<\/p>/;

/** A built web app as `vite build` leaves it: assets with their precompressed twins. */
function fakeBuild(): string {
  const root = tempDir('pasteshare-web-');
  fs.mkdirSync(path.join(root, 'assets'));
  const index = SHELL;
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(root, 'index.html'), index);
  fs.writeFileSync(path.join(root, 'assets/app-abc123.js'), js);
  fs.writeFileSync(path.join(root, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(root, 'assets/app-abc123.js.gz'), zlib.gzipSync(js));
  return root;
}

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fakeBuild();
  t = await startTestApp({ webRoot });
  await completeSetup(t);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  fetch(`${t.baseUrl}${url}`, { headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web app', () => {
  it('sends hashed assets precompressed in the best encoding the client takes, cached for a year', async () => {
    const original = fs.readFileSync(path.join(webRoot, 'assets/app-abc123.js'), 'utf8');
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // fetch decodes both encodings: the text must be the asset itself.
      expect(await res.text()).toBe(original);
    }
    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(original);
  });

  it('answers client-side routes with index.html, never cached', async () => {
    const res = await get('/paste/abc123');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('names the site in every page, and a public paste’s title for link previews — nothing else', async () => {
    await t.app.services.settings.update({ siteTitle: 'Team <Paste>' });
    const home = await (await get('/about')).text();
    expect(home).toContain('<title>Team &lt;Paste&gt;</title>');
    expect(home).not.toContain('og:title');
    // The setup state and public settings ride along as inert JSON; no value can close the element.
    const boot = /<script type="application\/json" id="bootstrap">(.*?)<\/script>/.exec(home)?.[1];
    expect(boot).toContain('Team \\u003cPaste>');
    expect(JSON.parse(boot!)).toMatchObject({
      setupCompleted: true,
      settings: { siteTitle: 'Team <Paste>' },
    });

    const create = (body: Record<string, unknown>) =>
      t.client().post('/api/pastes', { content: 'the secret content', expiration: '1d', ...body });
    const pub = (await create({ title: 'Deploy "notes" <b>' })).body.id;
    const page = await (await get(`/paste/${pub}`)).text();
    expect(page).toContain('<meta property="og:title" content="Deploy &quot;notes&quot; &lt;b&gt;" />');
    expect(page).toContain('<title>Deploy &quot;notes&quot; &lt;b&gt; - Team &lt;Paste&gt;</title>');
    expect(page).not.toContain('noindex');
    expect(page).not.toContain('the secret content');

    for (const body of [
      { title: 'Hidden', privacy: 'unlisted' },
      { title: 'Locked', privacy: 'password', password: 'pw' },
      { title: 'Once', expiration: 'burn' },
    ]) {
      const id = (await create(body)).body.id;
      const html = await (await get(`/paste/${id}`)).text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(html).not.toContain(body.title);
      expect(html).toContain('<title>Team &lt;Paste&gt;</title>');
    }
    // The shell read nothing: the burn paste is still there for its one reader.
    const burnId = (await create({ title: 'Twice?', expiration: 'burn' })).body.id;
    await get(`/paste/${burnId}`);
    expect((await t.client().get(`/api/pastes/${burnId}`)).body.content).toBe('the secret content');
    expect((await get('/paste/unknown-id')).status).toBe(200);
  });

  it('tells a browser without scripts that a page without its text needs them', async () => {
    const about = await (await get('/about')).text();
    expect(about).toMatch(NOSCRIPT_NOTICE);
    // No renderer here: a paste's page is the shell too, and a password paste's page never reads.
    const id = (
      await t.client().post('/api/pastes', {
        content: 'locked content',
        expiration: '1d',
        privacy: 'password',
        password: 'pw-123456',
      })
    ).body.id;
    const locked = await (await get(`/paste/${id}`)).text();
    expect(locked).toMatch(NOSCRIPT_NOTICE);
    expect(locked).not.toContain('locked content');
  });

  it('answers a path that is none of the app’s screens 404, with the shell for its not-found screen', async () => {
    for (const url of [
      '/nope',
      '/paste-list-typo',
      '/paste/abc/nonsense',
      '/about/more',
      '/assets/gone.js',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toMatch(NOSCRIPT_NOTICE);
      // No 304 for it, even when asked with its own validator.
      const again = await fetch(`${t.baseUrl}${url}`, {
        headers: { 'if-none-match': res.headers.get('etag')! },
      });
      expect(again.status).toBe(404);
    }
    expect((await fetch(`${t.baseUrl}/nope`, { method: 'HEAD' })).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/nope?x=1`)).status).toBe(404);
  });

  it('answers every screen of the app’s router 200, as the router matches paths', async () => {
    const id = (await t.client().post('/api/pastes', { content: 'x', expiration: '1d' })).body.id as string;
    const values: Record<string, string> = { id, n: '1', tab: 'users' };
    const urls = Object.values(CLIENT_ROUTES).flatMap((pattern) => {
      const filled = pattern.replace(/:(\w+)\??/g, (_, name: string) => values[name]!);
      // An optional parameter may be left out.
      const without = pattern.replace(/\/:\w+\?/g, '');
      return [...new Set([filled, without === '' ? '/' : without])];
    });
    expect(urls).toContain('/admin');
    expect(urls).toContain(`/paste/${id}/r/1`);
    // Trailing slashes, any case and encoded letters are the same path to the router.
    urls.push('/about/', '/About', '/ab%6Fut', `/paste/${id}/Edit/`, '/paste/a%2Fb');
    for (const url of urls) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect((await fetch(`${t.baseUrl}${url}`, { method: 'HEAD' })).status, `HEAD ${url}`).toBe(200);
    }
  });

  it('answers every path 200 before setup: the app leads it to the setup wizard', async () => {
    const fresh = await startTestApp({ webRoot });
    try {
      // `/api` is the API documentation page, not the API, which answers 409 until setup.
      for (const url of ['/nope', '/', '/setup', '/api', '/api?x=1']) {
        const res = await fetch(`${fresh.baseUrl}${url}`);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      }
      expect((await fetch(`${fresh.baseUrl}/api/settings/public`)).status).toBe(200);
      expect((await fetch(`${fresh.baseUrl}/api/pastes/abc`)).status).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
