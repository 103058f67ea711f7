import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { EMBED_MESSAGES } from '../../../common/schemas/embeds.js';

const t = withTestApp({ each: false });

const CODE = 'const a = 1; /* first\nsecond */\nfunction twice(x) {\n  return "<b>" + x * 2;\n}\n';

/** The embed page's parts a test looks at: its line numbers and whether it is the card. */
const lineNumbers = (html: string) =>
  [...html.matchAll(/<td class="ln"><a [^>]*>(\d+)<\/a>/g)].map((m) => Number(m[1]));
const isCard = (html: string) => html.includes(`<h1 class="embed-card">${EMBED_MESSAGES.cannotEmbed}</h1>`);

async function oembedFor(id: string, extra = '') {
  const url = encodeURIComponent(`${t.baseUrl}/paste/${id}`);
  return t.client().get(`/api/oembed?url=${url}${extra}`);
}

describe('GET /embed/:id', () => {
  it('serves a public paste highlighted, framable by any site, with no inline script or style', async () => {
    const { id } = await createPaste(t.client(), {
      title: 'twice.js',
      content: CODE,
      language: 'javascript',
    });
    const res = await t.client().get(`/embed/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = res.text;
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    // A comment over two lines stays one on each: closed at the end of the first, reopened.
    expect(html).toContain('<span class="hljs-comment">/* first</span>');
    expect(html).toContain('<span class="hljs-comment">second */</span>');
    expect(html).toContain('&quot;&lt;b&gt;&quot;');
    expect(html).not.toContain('<b>');
    expect(html).toContain(`href="/paste/${id}"`);
    expect(lineNumbers(html)).toEqual([1, 2, 3, 4, 5]);
    expect(html).not.toMatch(/<style|style=|<script>|<script(?![^>]*src=)/);
    expect(html).toContain('<html lang="en" class="theme-auto">');
    // Its stylesheet and script are ours, cached for good under their hash.
    for (const [, href] of html.matchAll(/(?:href|src)="(\/embed-assets\/[^"]+)"/g)) {
      const asset = await t.client().get(href!);
      expect(asset.status, href).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps frame-ancestors none on every other page and on the API', async () => {
    const { id } = await createPaste(t.client(), { content: 'x' });
    for (const path of ['/', `/paste/${id}`, `/api/pastes/${id}`]) {
      const res = await t.client().get(path);
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).not.toBeNull();
    }
  });

  it('shows a line range, highlighted from the first line, in either theme', async () => {
    const { id } = await createPaste(t.client(), { content: CODE, language: 'javascript' });
    const res = await t.client().get(`/embed/${id}?lines=2-3&theme=dark`);
    expect(lineNumbers(res.text)).toEqual([2, 3]);
    expect(res.text).toContain('<span class="hljs-comment">second */</span>');
    expect(res.text).toContain('<html lang="en" class="dark">');
    expect(res.text).toContain('2 more lines');
    expect((await t.client().get(`/embed/${id}?lines=4&theme=light`)).text).toContain('class="light"');
    expect(lineNumbers((await t.client().get(`/embed/${id}?lines=4-400`)).text)).toEqual([4, 5]);
    for (const bad of ['lines=3-2', 'lines=0', 'lines=a', 'lines=6', 'theme=pink']) {
      const refused = await t.client().get(`/embed/${id}?${bad}`);
      expect(refused.status, bad).toBe(400);
    }
  });

  it('answers the same card for every paste that may not be embedded and for a missing one', async () => {
    const { client } = await signedIn(t);
    const missing = await t.client().get('/embed/nosuchpaste1');
    expect(isCard(missing.text)).toBe(true);
    const held = await createPaste(t.client(), { content: 'held' });
    const encrypted = await createPaste(t.client(), { content: 'sealed' });
    await t.db.kysely
      .updateTable('pastes')
      .set({ held_reason: 'rule', held_at: 1 })
      .where('id', '=', held.id)
      .execute();
    await t.db.kysely.updateTable('pastes').set({ encryption: 1 }).where('id', '=', encrypted.id).execute();
    const refused = {
      password: await createPaste(t.client(), { privacy: 'password', password: 'pw-123456', content: 'p' }),
      burn: await createPaste(t.client(), { burnAfterReading: true, content: 'b' }),
      shared: await createPaste(client, { privacy: 'shared', content: 's' }),
      held,
      encrypted,
    };
    for (const [what, { id }] of Object.entries(refused)) {
      const res = await t.client().get(`/embed/${id}`);
      expect(res.status, what).toBe(200);
      expect(res.text, what).toBe(missing.text);
      expect((await oembedFor(id)).status, what).toBe(404);
    }
    // The embed read nothing: the burn paste is still there for its one reader.
    const burn = await t.client().get(`/api/pastes/${refused.burn.id}`);
    expect(burn.body.content).toBe('b');
  });

  it('stops embedding a paste once it expires', async () => {
    const { id } = await createPaste(t.client(), { content: 'soon gone', expiration: '1h' });
    expect(isCard((await t.client().get(`/embed/${id}`)).text)).toBe(false);
    t.clock.advance(2 * 3_600_000);
    expect(isCard((await t.client().get(`/embed/${id}`)).text)).toBe(true);
    expect((await oembedFor(id)).status).toBe(404);
  });

  it('embeds unlisted pastes, and nothing on a members-only site', async () => {
    const { id } = await createPaste(t.client(), { privacy: 'unlisted', content: 'u' });
    expect(isCard((await t.client().get(`/embed/${id}`)).text)).toBe(false);
    expect((await oembedFor(id)).status).toBe(200);
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    expect((await admin.put('/api/settings', { requireSignInToRead: true })).status).toBe(200);
    try {
      const res = await t.client().get(`/embed/${id}`);
      expect(res.status).toBe(200);
      expect(isCard(res.text)).toBe(true);
      expect((await oembedFor(id)).status).toBe(404);
    } finally {
      await admin.put('/api/settings', { requireSignInToRead: false });
    }
  });
});

describe('GET /embed/:id.js', () => {
  it('is a script any site may load, under 10 KB gzipped, that frames the embed', async () => {
    const res = await t.client().get('/embed/anyid.js?theme=dark');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(gzipSync(Buffer.from(res.text)).length).toBeLessThan(10 * 1024);
    expect(res.text).toContain("document.createElement('iframe')");
    expect(res.text).toContain('pasteshare:embed-height');
  });
});

describe('GET /api/oembed', () => {
  it("describes a public paste as oEmbed's rich type, within the consumer's limits", async () => {
    const { client, user } = await signedIn(t);
    const { id } = await createPaste(client, { title: 'notes.py', content: 'a\nb\nc\n' });
    const res = await oembedFor(id, '&maxwidth=500&maxheight=100');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Test Paste',
      provider_url: t.baseUrl,
      title: 'notes.py',
      author_name: user.username,
      width: 500,
      height: 100,
    });
    expect(res.body.html).toBe(
      `<iframe src="${t.baseUrl}/embed/${id}" width="500" height="100" title="notes.py" loading="lazy" style="border:0;max-width:100%"></iframe>`,
    );
    const natural = await oembedFor(id);
    expect(natural.body).toMatchObject({ width: 640, height: 150 });
  });

  it('refuses other formats with 501 and addresses that are not a paste of this site with 404', async () => {
    const { id } = await createPaste(t.client(), { content: 'x' });
    expect((await oembedFor(id, '&format=xml')).status).toBe(501);
    for (const url of [`https://elsewhere.example/paste/${id}`, `${t.baseUrl}/raw/${id}`, 'not a url']) {
      const res = await t.client().get(`/api/oembed?url=${encodeURIComponent(url)}`);
      expect(res.status, url).toBe(404);
    }
    expect((await t.client().get('/api/oembed')).status).toBe(400);
  });
});
