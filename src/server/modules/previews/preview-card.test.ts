import { describe, expect, it } from 'vitest';
import { pngPixels } from '../../../../test/helpers/png-pixels.js';
import { type CardContent, renderCard } from './preview-card.js';

const BASE: CardContent = {
  siteTitle: 'Site',
  title: 'Notes',
  languageLabel: null,
  authorName: null,
  sizeLabel: '1 KB',
  lines: [],
};

type Band = { x0: number; x1: number; y0: number; y1: number };
/** The title's band of the card (below the site's name, above the facts). */
const TITLE_BAND: Band = { x0: 56, x1: 1144, y0: 76, y1: 130 };
/** The first code line's band, inside the code panel. */
const LINE_BAND: Band = { x0: 80, x1: 1120, y0: 210, y1: 234 };

/** The RGB of each pixel in `band` of the card. */
async function bandOf(card: CardContent, band: Band): Promise<[number, number, number][]> {
  const { width, rgba } = pngPixels(await renderCard(card));
  const out: [number, number, number][] = [];
  for (let y = band.y0; y < band.y1; y += 1) {
    for (let x = band.x0; x < band.x1; x += 1) {
      const at = (y * width + x) * 4;
      out.push([rgba[at]!, rgba[at + 1]!, rgba[at + 2]!]);
    }
  }
  return out;
}

/** Lighter than the dark background and panel: text drawn there. */
const ink = ([r, g, b]: [number, number, number]) => r + g + b > 200;
/** Twemoji's yellow faces. */
const yellow = ([r, g, b]: [number, number, number]) => r > 220 && g > 170 && b < 110;
const differing = (a: [number, number, number][], b: [number, number, number][]) =>
  a.filter((p, i) => Math.abs(p[0] - b[i]![0]) + Math.abs(p[1] - b[i]![1]) + Math.abs(p[2] - b[i]![2]) > 60)
    .length;

describe('preview card glyphs beyond Latin, Cyrillic and Greek', () => {
  it('draws Chinese, Japanese and Korean in the title and the code: neither blanks nor boxes', async () => {
    const latin = (await bandOf(BASE, TITLE_BAND)).filter(ink).length;
    expect(latin).toBeGreaterThan(0);
    // Two texts of each script, as many characters each: missing glyphs would draw both alike
    // (the same boxes, or nothing past the Latin part).
    for (const [one, other] of [
      ['中文字', '你好吗'],
      ['こんにちは', 'ありがとう'],
      ['한국어', '안녕히'],
    ]) {
      const a = await bandOf({ ...BASE, title: `Notes ${one}` }, TITLE_BAND);
      const b = await bandOf({ ...BASE, title: `Notes ${other}` }, TITLE_BAND);
      expect(a.filter(ink).length, one).toBeGreaterThan(latin + 300);
      expect(differing(a, b), `${one} / ${other}`).toBeGreaterThan(200);
    }
    const code = (text: string) => bandOf({ ...BASE, lines: [[{ text, color: null }]] }, LINE_BAND);
    expect(
      differing(await code('x // 你好 こんにちは 안녕'), await code('x // 中文 ありがとう 한국')),
    ).toBeGreaterThan(200);
  });

  it('draws emoji as Twemoji pictures', async () => {
    expect((await bandOf(BASE, TITLE_BAND)).filter(yellow)).toHaveLength(0);
    expect(
      (await bandOf({ ...BASE, title: 'Notes 😀🎉' }, TITLE_BAND)).filter(yellow).length,
    ).toBeGreaterThan(300);
  });
});
