import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPastePage } from '../src/web/ssr/render-paste-page.js';
import { createPaste, createPasteAsForm, storedViewCount } from './helpers/pastes.js';
import { signedIn, withTestApp } from './helpers/test-app.js';
import { tempDir } from './helpers/test-db.js';

/**
 * A paste's page carries its text in the first HTML, rendered on the server by the web
 * app's own components (src/web/ssr), when the paste may be shown without a step in between.
 */
type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const webRoot = tempDir('pasteshare-web-');
const EARLY_JS = "document.documentElement.dataset.early = 'ran';";
// One rule without a class, one for a class the paste page uses, one for a class no page has.
const CSS = 'body { color: rebeccapurple; }.flex { display: flex; }.nowhere-on-this-page { color: red; }';
// The app's notice for a browser without scripts, as its index.html has it.
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/.exec(
  fs.readFileSync(path.resolve(import.meta.dirname, '../src/web/index.html'), 'utf8'),
)![0];
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'early.js'), EARLY_JS);
fs.writeFileSync(path.join(webRoot, 'assets/web-abc.css'), CSS);
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><script src="/early.js"></script><title>app</title>' +
    '<link rel="stylesheet" crossorigin href="/assets/web-abc.css"></head><body>\n    ' +
    `${NOSCRIPT}\n    <div id="root"></div></body></html>`,
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const t = withTestApp({ webRoot, renderPastePage });

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  for (const child of 'childNodes' in node ? node.childNodes : []) yield* elements(child);
  if ('content' in node && node.content) yield* elements(node.content);
}

const textOf = (node: Node): string =>
  node.nodeName === '#text'
    ? (node as DefaultTreeAdapterMap['textNode']).value
    : 'childNodes' in node
      ? node.childNodes.map(textOf).join('')
      : '';

/** The page as a browser parses it: the root's markup, the paste's lines as text, the head's tags. */
function readPage(html: string) {
  const doc = parse(html);
  const all = [...elements(doc)];
  const root = all.find((el) => attr(el, 'id') === 'root')!;
  const lines = all
    .filter((el) => attr(el, 'data-line') !== undefined)
    .map((el) => textOf(el.childNodes.find((c) => 'tagName' in c && c.tagName === 'span')!));
  return {
    prerendered: attr(root, 'data-prerendered') !== undefined,
    renderedAt: Number(attr(root, 'data-prerendered')),
    text: textOf(root),
    lines,
    title: textOf(all.find((el) => el.tagName === 'h1') ?? root),
    metaNames: all
      .filter((el) => el.tagName === 'meta')
      .map((el) => attr(el, 'name') ?? attr(el, 'property')),
    scripts: all.filter((el) => el.tagName === 'script'),
    language: all
      .filter((el) => el.tagName === 'option' && attr(el, 'selected') !== undefined)
      .map((el) => attr(el, 'value'))[0],
  };
}

const page = (id: string, headers: Record<string, string> = {}) =>
  t.client().get(`/paste/${id}`, { headers });

describe('the paste page’s first HTML', () => {
  it('carries a public paste’s title, meta line and text, and counts one view with the app’s own read', async () => {
    const { id } = await createPaste(t.client(), {
      title: 'Deploy notes',
      content: 'first line\nsecond line\n',
    });
    const res = await page(id);
    expect(res.status).toBe(200);
    const p = readPage(res.text);
    expect(p.prerendered).toBe(true);
    // When it was rendered, by the server's clock: the app reckons the first screen's relative
    // times from it, so they read as they do here.
    expect(p.renderedAt).toBe(t.clock.now());
    expect(p.title).toBe('Deploy notes');
    expect(p.lines).toEqual(['first line', 'second line']);
    expect(p.text).toContain('1 view');
    expect(p.metaNames).toContain('og:title');
    // The only inline script is early.js, allowed by its hash alone; the bootstrap is JSON data.
    const inline = p.scripts.filter((s) => attr(s, 'type') !== 'application/json' && !attr(s, 'src'));
    expect(inline.map(textOf)).toEqual([EARLY_JS]);
    const csp = res.headers.get('content-security-policy')!;
    const hash = createHash('sha256').update(EARLY_JS).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The styles its markup uses inline too: the first paint waits for no other request. The
    // whole sheet is preloaded for the app to apply.
    expect(res.text).toContain(
      '<style>body { color: rebeccapurple; }.flex { display: flex; }</style>' +
        '<link rel="preload" as="style" crossorigin href="/assets/web-abc.css">',
    );
    expect(res.text).not.toContain('rel="stylesheet"');
    // The app's read from the same reader right after: the same one view.
    expect((await t.client().get(`/api/pastes/${id}`)).body.viewCount).toBe(1);
    expect(await storedViewCount(t, id)).toBe(1);
  });

  it('shows an unlisted paste’s text, still kept out of search engines', async () => {
    const { id } = await createPaste(t.client(), { privacy: 'unlisted', content: 'unlisted text' });
    const p = readPage((await page(id)).text);
    expect(p.lines).toEqual(['unlisted text']);
    expect(p.metaNames).toContain('robots');
    expect(p.metaNames).not.toContain('og:title');
  });

  it('keeps text out of the HTML for password, burn, processing and extreme pastes, claiming nothing', async () => {
    const marker = 'MARKER-7d1f';
    const password = await createPaste(t.client(), {
      privacy: 'password',
      password: 'pw-123456',
      content: marker,
    });
    const burn = await createPaste(t.client(), { burnAfterReading: true, content: marker });
    const processing = await createPaste(t.client(), { content: marker });
    await t.db.kysely
      .updateTable('pastes')
      .set({ status: 'processing' })
      .where('id', '=', processing.id)
      .execute();
    const extreme = await createPasteAsForm(t.client(), `${marker}\n${'x'.repeat(10 * 1024 * 1024)}`);
    for (const { id } of [password, burn, processing, extreme]) {
      // A person's browser and a link-preview bot alike.
      for (const ua of ['Mozilla/5.0 Chrome/140', 'Slackbot-LinkExpanding 1.0']) {
        const res = await page(id, { 'user-agent': ua });
        expect(res.status).toBe(200);
        expect(res.text).not.toContain(marker);
        expect(readPage(res.text).prerendered).toBe(false);
      }
    }
    // The burn paste was neither claimed nor counted: its one reader still gets it.
    const read = await t.client().get(`/api/pastes/${burn.id}`);
    expect(read.body.content).toBe(marker);
    expect(await storedViewCount(t, password.id)).toBe(0);
  });

  it('says a page needs JavaScript only where its text is not in the HTML', async () => {
    const shown = await createPaste(t.client(), { content: 'readable without scripts' });
    const password = await createPaste(t.client(), {
      privacy: 'password',
      password: 'pw-123456',
      content: 'LOCKED-3c9a',
    });
    const burn = await createPaste(t.client(), { burnAfterReading: true, content: 'ONCE-3c9a' });
    const notice = 'This page needs JavaScript';
    const withText = await page(shown.id);
    expect(readPage(withText.text).lines).toEqual(['readable without scripts']);
    expect(withText.text).not.toContain('<noscript');
    // The not-found screen reads without scripts too.
    const missing = await page('nosuchpaste2');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<noscript');
    for (const { id } of [password, burn]) {
      const res = await page(id);
      expect(res.text).toContain(NOSCRIPT);
      expect(textOf(parse(res.text))).toContain(notice);
      expect(res.text).not.toMatch(/LOCKED-3c9a|ONCE-3c9a/);
    }
    expect((await t.client().get('/about')).text).toContain(NOSCRIPT);
  });

  it('escapes the text as text: markup, comments, line separators, CR, NUL, bidi marks, a 1 MB line', async () => {
    const lines = [
      '</script><script>alert(1)</script>',
      '<!-- not a comment --> <![CDATA[ x ]]> &amp; &lt;',
      'sep\u2028line\u2029para',
      'lone\rcarriage return',
      'nul\u0000byte',
      '\u202Eright-to-left override\u202C and \u200F marks',
      'ü ✓ 𝄞 "quotes" \'apostrophes\'',
      'y'.repeat(1024 * 1024),
    ];
    const { id } = await createPaste(t.client(), { content: lines.join('\n') });
    const res = await page(id);
    const p = readPage(res.text);
    // As a browser parses it: every character kept, NUL shown as U+FFFD as the DOM would.
    expect(p.lines).toEqual(lines.map((l) => l.replace('\u0000', '\uFFFD')));
    expect(p.scripts.filter((s) => textOf(s).includes('alert'))).toEqual([]);
  });

  it('carries the first 1,000 lines of a very large paste, as its preview shows them', async () => {
    const lines = Array.from({ length: 12_000 }, (_, i) => `row ${i + 1}`);
    const { id } = await createPaste(t.client(), { content: lines.join('\n') });
    const p = readPage((await page(id)).text);
    expect(p.lines).toEqual(lines.slice(0, 1_000));
    expect(p.text).toContain('Very large paste (12,000 lines');
    expect(p.text).toContain('Show Full Content (may be slow)');
  });

  it('answers 404 with the not-found screen for a paste that is not there, expired or deleted', async () => {
    const unknown = await page('nosuchpaste1');
    expect(unknown.status).toBe(404);
    expect(readPage(unknown.text).text).toContain('Paste Not Found');

    const { id: expiring } = await createPaste(t.client(), { content: 'soon gone', expiration: '1h' });
    expect((await page(expiring)).status).toBe(200);
    t.clock.advance(61 * 60 * 1000);
    const expired = await page(expiring);
    expect(expired.status).toBe(404);
    expect(expired.text).not.toContain('soon gone');
  });

  it('is revalidated at every visit: a 304 while unchanged, never a stale copy after a deletion', async () => {
    const { id } = await createPaste(t.client(), { content: 'cache me' });
    const first = await page(id);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page(id, { 'if-none-match': etag });
    expect(again.status).toBe(304);

    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.delete(`/api/pastes/${id}`)).status).toBe(200);
    const gone = await page(id, { 'if-none-match': etag });
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain('cache me');
  });

  it('is sent compressed, and a page kept for others still counts each reader', async () => {
    const { id } = await createPaste(t.client(), { content: 'compressed text\n'.repeat(50) });
    const raw = await fetch(`${t.baseUrl}/paste/${id}`, { headers: { 'accept-encoding': 'br' } });
    expect(raw.headers.get('content-encoding')).toBe('br');
    expect(raw.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(readPage(await raw.text()).lines[0]).toBe('compressed text');
    // Another reader within the cache's few seconds: the same page, and a view of their own.
    const { client: other } = await signedIn(t);
    expect(readPage((await other.get(`/paste/${id}`)).text).lines[0]).toBe('compressed text');
    expect(await storedViewCount(t, id)).toBe(2);
  });

  it('renders a page anew only for what changes it: the language choice, not any other query', async () => {
    const { id } = await createPaste(t.client(), { content: 'const x = 1;' });
    const plain = await page(id);
    const other = await t.client().get(`/paste/${id}?utm_source=x&junk=${'y'.repeat(500)}`);
    expect(other.headers.get('etag')).toBe(plain.headers.get('etag'));
    const chosen = await t.client().get(`/paste/${id}?lang=python`);
    expect(chosen.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(readPage(plain.text).language).toBe('auto');
    expect(readPage(chosen.text).language).toBe('python');
  });

  it('shows an edit at once to a reader whose page was kept, and to its author', async () => {
    const { client: author } = await signedIn(t);
    const { id } = await createPaste(author, { title: 'Notes', content: 'before the edit\n' });
    // Read twice by a visitor: the second answer is the kept page.
    expect(readPage((await page(id)).text).lines).toEqual(['before the edit']);
    expect(readPage((await page(id)).text).lines).toEqual(['before the edit']);
    expect(
      (await author.put(`/api/pastes/${id}`, { content: 'after the edit\n', title: 'Notes v2' })).status,
    ).toBe(200);
    const visitor = readPage((await page(id)).text);
    expect(visitor.lines).toEqual(['after the edit']);
    expect(visitor.title).toBe('Notes v2');
    expect(readPage((await author.get(`/paste/${id}`)).text).lines).toEqual(['after the edit']);
  });

  it('renders a kept page anew when the site’s settings change', async () => {
    const { id } = await createPaste(t.client(), { content: 'settings matter' });
    const before = await page(id);
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.put('/api/settings', { siteTitle: 'Renamed Site' })).status).toBe(200);
    const after = await page(id);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(after.text).toContain('Renamed Site');
    expect(before.text).not.toContain('Renamed Site');
  });

  it('leaves other pages of a paste (edit, revisions) to the app', async () => {
    const { id } = await createPaste(t.client(), { content: 'not here' });
    const res = await t.client().get(`/paste/${id}/revisions`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('not here');
  });
});
