import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { VERY_LARGE_PREVIEW_LINES } from '../src/common/constants.js';
import { countLines } from '../src/common/line-count.js';
import { lineIndexKey } from '../src/server/modules/line-index/line-index-store.js';
import { PAGE_PREVIEW_BYTES_READ } from '../src/server/modules/pastes/reading/page-text.js';
import type { PastePageRenderer } from '../src/server/plugins/web-app.js';
import { renderPastePage } from '../src/web/ssr/render-paste-page.js';
import { blobKeyOf, createPaste, createPasteAsForm } from './helpers/pastes.js';
import { withTestApp } from './helpers/test-app.js';
import { tempDir } from './helpers/test-db.js';

/**
 * A paste page's first HTML costs the same whatever the paste's size: a very large paste's page
 * reads its preview through the line index, and a query the app ignores renders nothing anew.
 */
const webRoot = tempDir('pasteshare-web-');
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

/** What the page's renderer was given, render by render. */
const rendered: Parameters<PastePageRenderer>[0][] = [];
const t = withTestApp({
  webRoot,
  renderPastePage: (input) => {
    rendered.push(input);
    return renderPastePage(input);
  },
});

/** Counts the bytes the app's blob reads hand on while `work` runs. */
async function bytesReadDuring(work: () => Promise<unknown>): Promise<number> {
  const { blobs } = t.app.services;
  const get = blobs.get.bind(blobs);
  let bytes = 0;
  const spy = vi.spyOn(blobs, 'get').mockImplementation(async (key, range) => {
    const source = await get(key, range);
    return Readable.from(
      (async function* () {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          yield chunk;
        }
      })(),
    );
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return bytes;
}

const lineNumbersIn = (html: string) => [...html.matchAll(/data-line="(\d+)"/g)].map((m) => Number(m[1]));

describe('the first HTML of a very large paste', () => {
  it('reads and renders its preview only: 1,000 of 2.6 million lines, not its 10 MB', async () => {
    const content = 'key\n'.repeat(2_600_000);
    const { id } = await createPasteAsForm(t.client(), content, { title: 'keys', expiration: '1d' });
    rendered.length = 0;
    let html = '';
    const bytes = await bytesReadDuring(async () => {
      const res = await t.client().get(`/paste/${id}`);
      expect(res.status).toBe(200);
      html = res.text;
    });
    // The line index (stored with the content) and the first window of lines, never the text.
    const indexBytes = (await t.app.services.blobs.size(lineIndexKey(await blobKeyOf(t, id))))!;
    expect(bytes).toBeLessThanOrEqual(indexBytes + PAGE_PREVIEW_BYTES_READ);
    // The renderer got the preview's lines to split, and the whole's count to show.
    expect(rendered).toHaveLength(1);
    expect(countLines(rendered[0]!.view!.content!)).toBe(VERY_LARGE_PREVIEW_LINES);
    expect(rendered[0]!.textLines).toBe(2_600_000);
    expect(lineNumbersIn(html)).toEqual(Array.from({ length: VERY_LARGE_PREVIEW_LINES }, (_, i) => i + 1));
    expect(html).toContain('Very large paste (2,600,000 lines, 9.92 MB)');
    // The app's own read still has the whole text.
    expect((await t.client().get(`/api/pastes/${id}`)).body.content).toBe(content);
  });

  it('shows a very large paste of long lines as far as its byte budget, each line cut as the viewer cuts it', async () => {
    const line = `${'x'.repeat(30_000)}\n`;
    const { id } = await createPasteAsForm(t.client(), line.repeat(100));
    rendered.length = 0;
    const bytes = await bytesReadDuring(() => t.client().get(`/paste/${id}`));
    const indexBytes = (await t.app.services.blobs.size(lineIndexKey(await blobKeyOf(t, id))))!;
    expect(bytes).toBeLessThanOrEqual(indexBytes + PAGE_PREVIEW_BYTES_READ);
    const shown = rendered[0]!.view!.content!.split('\n');
    expect(shown.length).toBeLessThan(100);
    expect(shown.every((l) => l === 'x'.repeat(10_000))).toBe(true);
    expect(rendered[0]!.textLines).toBe(100);
  });

  it('is built from the whole text below the very-large size, counted without splitting it', async () => {
    const lines = Array.from({ length: 12_000 }, (_, i) => `row ${i + 1}`);
    const { id } = await createPaste(t.client(), { content: lines.join('\n') });
    rendered.length = 0;
    const html = (await t.client().get(`/paste/${id}`)).text;
    expect(rendered[0]!.view!.content!.split('\n')).toEqual(lines.slice(0, VERY_LARGE_PREVIEW_LINES));
    expect(rendered[0]!.textLines).toBe(12_000);
    expect(html).toContain('Very large paste (12,000 lines');
  });
});

describe('the language in a paste page’s address', () => {
  it('renders anew for a language the app knows, and ignores any other', async () => {
    const { id } = await createPaste(t.client(), { content: 'const x = 1;' });
    const etag = async (query: string) => (await t.client().get(`/paste/${id}${query}`)).headers.get('etag');
    const plain = await etag('');
    rendered.length = 0;
    for (const bogus of ['bogus', 'Python', 'x'.repeat(200), '', 'python%00']) {
      expect(await etag(`?lang=${bogus}`), bogus).toBe(plain);
    }
    // None of them was rendered: the page kept for the paste without a language answered each.
    expect(rendered).toHaveLength(0);
    expect(await etag('?lang=python')).not.toBe(plain);
  });
});
