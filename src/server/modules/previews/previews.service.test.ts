import { describe, expect, it } from 'vitest';
import type { PasteOpening } from '../pastes/reading/embed-read.js';
import type { CardContent } from './preview-card.js';
import { createPreviewsService } from './previews.service.js';

/** The service over fakes: pastes `p0`…, a renderer that counts what it draws. */
function setup(opts: { fail?: boolean } = {}) {
  const drawn: CardContent[] = [];
  const opened: number[] = [];
  const opening = (id: string, maxBytes: number): PasteOpening => ({
    id,
    title: `Title of ${id}`,
    language: 'plaintext',
    authorName: null,
    version: `${id}:0:1`,
    sizeBytes: 12,
    text: async () => {
      opened.push(maxBytes);
      return 'line one\nline two\n';
    },
  });
  const previews = createPreviewsService({
    reader: { opening: async (id, _site, maxBytes) => (id.startsWith('p') ? opening(id, maxBytes) : null) },
    settings: {
      get: async () => ({ requireSignInToRead: false }) as never,
      getPublic: async () => ({ siteTitle: 'Site' }) as never,
    },
    highlighter: { highlight: async () => ({ language: null, html: null }) },
    renderer: {
      render: async (card) => {
        drawn.push(card);
        return opts.fail ? null : new Uint8Array([drawn.length]);
      },
    },
  });
  return { previews, drawn, opened };
}

describe('preview cards', () => {
  it('draws a card once however many ask at once, and again only once it is no longer kept', async () => {
    const { previews, drawn, opened } = setup();
    const card = (await previews.card('p1'))!;
    const pngs = await Promise.all(Array.from({ length: 5 }, () => card.png()));
    expect(new Set(pngs).size).toBe(1);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toMatchObject({
      title: 'Title of p1',
      authorName: null,
      languageLabel: null,
      sizeLabel: '12 B',
    });
    expect(drawn[0]!.lines.map((l) => l.map((s) => s.text).join(''))).toEqual(['line one', 'line two', '']);
    expect(opened.every((bytes) => bytes <= 8 * 1024)).toBe(true);
    // The same ETag for the same paste: a second request asks nothing of the renderer.
    expect((await previews.card('p1'))!.etag).toBe(card.etag);
    for (let i = 2; i <= 101; i++) await (await previews.card(`p${i}`))!.png();
    expect(drawn).toHaveLength(101);
    await card.png();
    expect(drawn).toHaveLength(102);
  });

  it('keeps no card it failed to draw, and has none for a paste the reader refuses', async () => {
    const { previews, drawn } = setup({ fail: true });
    const card = (await previews.card('p1'))!;
    expect(await card.png()).toBeNull();
    expect(await card.png()).toBeNull();
    expect(drawn).toHaveLength(2);
    expect(await previews.card('refused')).toBeNull();
  });
});
