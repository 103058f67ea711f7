import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { renderPastePage } from '../src/web/ssr/render-paste-page.js';
import { createPaste, createPasteAsForm } from './helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from './helpers/test-app.js';
import { tempDir } from './helpers/test-db.js';

const webRoot = tempDir('pasteshare-og-web-');
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const t = withTestApp({ webRoot, renderPastePage, each: false });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CODE = 'function twice(x) {\n  return x * 2; // «doubled»\n}\n';

const card = (id: string, headers: Record<string, string> = {}) =>
  fetch(`${t.baseUrl}/og/${id}.png`, { headers });

/** The image's size from its first chunk, which a PNG's IHDR must be. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The link preview tags of a paste's page. */
async function previewTags(id: string) {
  const page = await t.client().get(`/paste/${id}`);
  expect(page.status).toBe(200);
  return [
    ...page.text.matchAll(/<meta (?:property|name)="(og:image[^"]*|twitter:card)" content="([^"]*)" \/>/g),
  ]
    .map((m) => `${m[1]}=${m[2]}`)
    .join('\n');
}

describe('GET /og/:id.png', () => {
  it('draws a 1200×630 PNG for a public paste, named in its page', async () => {
    {
      const { id } = await createPaste(t.client(), {
        title: 'twice.js',
        content: CODE,
        language: 'javascript',
      });
      const res = await card(id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, no-cache');
      expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
      expect(await previewTags(id)).toBe(
        [
          `og:image=${t.baseUrl}/og/${id}.png`,
          'og:image:type=image/png',
          'og:image:width=1200',
          'og:image:height=630',
          'twitter:card=summary_large_image',
        ].join('\n'),
      );
    }
  });

  it('answers 304 to its ETag, and a new ETag once the paste is edited', async () => {
    const { client } = await signedIn(t);
    const { id } = await createPaste(client, { title: 'v1', content: CODE });
    const first = await card(id);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"og-[\w-]+"$/);
    const again = await card(id, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // Another instance names the same card the same way: the ETag is made of the paste, not of time.
    expect((await card(id)).headers.get('etag')).toBe(etag);
    const edit = await client.put(`/api/pastes/${id}`, { title: 'v2', content: `${CODE}// more\n` });
    expect(edit.status, edit.text).toBe(200);
    const edited = await card(id, { 'if-none-match': etag });
    expect(edited.status).toBe(200);
    expect(edited.headers.get('etag')).not.toBe(etag);
  });

  it('answers 404, and the page names no card, for every paste other sites may not show', async () => {
    const { client } = await signedIn(t);
    const held = await createPaste(t.client(), { content: 'held' });
    const encrypted = await createPaste(t.client(), { content: 'sealed' });
    await t.db.kysely
      .updateTable('pastes')
      .set({ held_reason: 'rule', held_at: 1 })
      .where('id', '=', held.id)
      .execute();
    await t.db.kysely.updateTable('pastes').set({ encryption: 1 }).where('id', '=', encrypted.id).execute();
    const refused = {
      // A link preview neither titles an unlisted paste nor shows its text.
      unlisted: await createPaste(t.client(), { privacy: 'unlisted', content: CODE }),
      password: await createPaste(t.client(), { privacy: 'password', password: 'pw-123456', content: 'p' }),
      burn: await createPaste(t.client(), { burnAfterReading: true, content: 'b' }),
      shared: await createPaste(client, { privacy: 'shared', content: 's' }),
      held,
      encrypted,
    };
    for (const [what, { id }] of Object.entries(refused)) {
      expect((await card(id)).status, what).toBe(404);
      const page = await t.client().get(`/paste/${id}`);
      expect(page.text, what).not.toContain('og:image');
      expect(page.text, what).not.toContain('twitter:card');
    }
    // Nothing was read: the burn paste is still there for its one reader.
    expect((await t.client().get(`/api/pastes/${refused.burn.id}`)).body.content).toBe('b');
  });

  it('answers 404 for an unknown paste, another file name, and a paste once expired', async () => {
    expect((await card('nosuchpaste1')).status).toBe(404);
    const { id } = await createPaste(t.client(), { content: 'soon gone', expiration: '1h' });
    for (const other of [`/og/${id}.jpg`, `/og/${id}`, `/og/${id}.png.png`, '/og/..%2Fetc.png']) {
      expect((await fetch(`${t.baseUrl}${other}`)).status, other).toBe(404);
    }
    expect((await card(id)).status).toBe(200);
    t.clock.advance(2 * 3_600_000);
    expect((await card(id)).status).toBe(404);
  });

  it('reads only the opening of a large paste', async () => {
    const line = `${'x'.repeat(99)}\n`;
    const { id } = await createPasteAsForm(t.client(), line.repeat(15_000), { expiration: '1d' });
    const get = vi.spyOn(t.app.services.blobs, 'get');
    try {
      const res = await card(id);
      expect(res.status).toBe(200);
      expect(get).toHaveBeenCalled();
      for (const [, range] of get.mock.calls) expect(range?.end).toBeLessThan(8 * 1024);
    } finally {
      get.mockRestore();
    }
  });

  it('draws no card on a members-only site', async () => {
    const { id } = await createPaste(t.client(), { content: CODE });
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    expect((await admin.put('/api/settings', { requireSignInToRead: true })).status).toBe(200);
    try {
      expect((await card(id)).status).toBe(404);
    } finally {
      expect((await admin.put('/api/settings', { requireSignInToRead: false })).status).toBe(200);
    }
  });
});
