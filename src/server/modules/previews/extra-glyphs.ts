import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Font } from 'satori';

const require = createRequire(import.meta.url);
const EMOJI_DIR = path.dirname(require.resolve('@twemoji/svg/package.json'));

/**
 * Noto Sans fonts cut in ~100 slices each by the characters they hold (their unicode.json), some
 * 40 KB a slice: SC's hold Chinese and Japanese kana, KR's Korean hangul (SC's few hangul draw
 * as boxes, so Korean text is drawn with KR's only, tagged with its language for satori).
 */
const FAMILIES = {
  sc: { pkg: 'noto-sans-sc', lang: undefined },
  kr: { pkg: 'noto-sans-kr', lang: 'ko-KR' },
} as const;
type Family = keyof typeof FAMILIES;

interface Slice {
  name: string;
  ranges: [number, number][];
}

/** Each family's slices, read once a thread. */
const slices = new Map<Family, Slice[]>();
function slicesOf(family: Family): Slice[] {
  let found = slices.get(family);
  if (!found) {
    const list = require(`@fontsource/${FAMILIES[family].pkg}/unicode.json`) as Record<string, string>;
    found = Object.entries(list)
      // The named slices (latin, cyrillic…) the card's own fonts already draw.
      .filter(([name]) => /^\[\d+\]$/.test(name))
      .map(([name, ranges]) => ({
        name: name.slice(1, -1),
        ranges: ranges.split(',').map((range) => {
          const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
          return [Number.parseInt(from!, 16), Number.parseInt(to ?? from!, 16)] as [number, number];
        }),
      }));
    slices.set(family, found);
  }
  return found;
}

/** Slice files read so far: a card reads only those its text needs, and each only once. */
const read = new Map<string, Buffer>();
function sliceFont(family: Family, name: string): Font {
  const { pkg, lang } = FAMILIES[family];
  const file = `${pkg}-${name}-400-normal.woff`;
  let data = read.get(file);
  if (!data) {
    data = fs.readFileSync(require.resolve(`@fontsource/${pkg}/files/${file}`));
    read.set(file, data);
  }
  return { name: `${pkg} ${name}`, data, weight: 400, ...(lang ? { lang } : {}) };
}

/** Hangul syllables, jamo and compatibility jamo. */
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;

/** The font slices that draw the characters of `text` (none for characters no slice has). */
export function cjkFontsFor(text: string): Font[] {
  const wanted = new Map<string, Font>();
  for (const char of text) {
    const family: Family = HANGUL.test(char) ? 'kr' : 'sc';
    const code = char.codePointAt(0)!;
    const slice = slicesOf(family).find((s) => s.ranges.some(([from, to]) => code >= from && code <= to));
    if (slice && !wanted.has(`${family}${slice.name}`)) {
      wanted.set(`${family}${slice.name}`, sliceFont(family, slice.name));
    }
  }
  return [...wanted.values()];
}

/**
 * An emoji as Twemoji draws it, as a data: URL, or '' when Twemoji has none. Its files are named
 * by code points; U+FE0F (the emoji presentation selector) is left out unless the emoji joins
 * others with U+200D, as Twemoji's own parser does.
 */
export function emojiImage(emoji: string): string {
  const points = [...emoji].map((c) => c.codePointAt(0)!);
  const kept = points.includes(0x200d) ? points : points.filter((p) => p !== 0xfe0f);
  const file = path.join(EMOJI_DIR, `${kept.map((p) => p.toString(16)).join('-')}.svg`);
  if (!fs.existsSync(file)) return '';
  return `data:image/svg+xml;base64,${fs.readFileSync(file).toString('base64')}`;
}

/**
 * satori's loadAdditionalAsset: asked for what its own fonts lack, an emoji's picture or the font
 * slices of a run of text in another script.
 */
export async function loadExtraGlyphs(languageCode: string, segment: string): Promise<string | Font[]> {
  return languageCode === 'emoji' ? emojiImage(segment) : cjkFontsFor(segment);
}
