import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, startTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { tempDir } from '../../../test/helpers/test-db.js';

/** A built web app as `vite build` leaves it: assets with their precompressed twins. */
function fakeBuild(): string {
  const root = tempDir('pasteshare-web-');
  fs.mkdirSync(path.join(root, 'assets'));
  const index = '<!doctype html><title>app</title><div id="root"></div>';
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

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
