import { describe, expect, it } from 'vitest';
import { pngPixels } from '../../../../test/helpers/png-pixels.js';
import { type CardContent, renderCard } from './preview-card.js';

const BASE: CardContent = {
  siteTitle: 'Site',
  title: '',
  languageLabel: null,
  authorName: null,
  sizeLabel: '1 KB',
  lines: [],
};

/** The title's band of the card (below the site's name, above the facts). */
const TITLE_BAND = { x0: 56, x1: 1144, y0: 70, y1: 120 };
/** The first code line's band, inside the code panel. */
const LINE_BAND = { x0: 80, x1: 1120, y0: 190, y1: 214 };

/** Pixels in `band` for which `test` holds. */
async function count(card: CardContent, band: typeof TITLE_BAND, test: (r: number, g: number, b: number) => boolean) {
  const { width, rgba } = pngPixels(await renderCard(card));
  let n = 0;
  for (let y = band.y0; y < band.y1; y += 1) {
    for (let x = band.x0; x < band.x1; x += 1) {
      const at = (y * width + x) * 4;
      if (test(rgba[at]!, rgba[at + 1]!, rgba[at + 2]!)) n += 1;
    }
  }
  return n;
}

/** Lighter than the dark background and panel: text drawn there. */
const ink = (r: number, g: number, b: number) => r + g + b > 200;
/** Twemoji's yellow faces. */
const yellow = (r: number, g: number, b: number) => r > 220 && g > 170 && b < 110;

describe('preview card glyphs beyond Latin, Cyrillic and Greek', () => {
  it('draws Chinese, Japanese and Korean in the title and the code, not blanks', async () => {
    const empty = await count(BASE, TITLE_BAND, ink);
    const cjk = await count({ ...BASE, title: '中文 日本語 한국어' }, TITLE_BAND, ink);
    expect(empty).toBe(0);
    expect(cjk).toBeGreaterThan(1500);
    const code = await count(
      { ...BASE, lines: [[{ text: '// 你好，世界 こんにちは 안녕하세요', color: null }]] },
      LINE_BAND,
      ink,
    );
    expect(code).toBeGreaterThan(800);
  });

  it('draws emoji as Twemoji pictures', async () => {
    expect(await count({ ...BASE, title: 'Release' }, TITLE_BAND, yellow)).toBe(0);
    expect(await count({ ...BASE, title: 'Release 😀🎉' }, TITLE_BAND, yellow)).toBeGreaterThan(300);
  });
});
