import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { createElement as h, type ReactNode } from 'react';
import satori, { type Font } from 'satori';
import { PREVIEW_CARD } from '../../../common/constants.js';
import type { Segment } from './code-segments.js';
import { loadExtraGlyphs } from './extra-glyphs.js';

/** A link preview's size, as the page names it. */
export const CARD = PREVIEW_CARD;
/** Code lines a card shows, and characters of each (what fits at its font size). */
export const CARD_LINES = 15;
export const CARD_LINE_CHARS = 90;

/** What a card shows of a paste. */
export interface CardContent {
  siteTitle: string;
  title: string;
  /** The language's label, or null for plain text. */
  languageLabel: string | null;
  authorName: string | null;
  /** The text's size, as people read it ("12.3 KB"). */
  sizeLabel: string;
  /** The first lines, already fitted (fitLines). */
  lines: Segment[][];
}

const require = createRequire(import.meta.url);
/**
 * Subsets of each font a card draws with: Latin, Cyrillic and Greek. Chinese, Japanese, Korean and
 * emoji come from extra-glyphs.ts, read only for a card that has them.
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'];

/**
 * The fonts, from npm packages (woff: satori reads no woff2), read once per thread. Each subset is
 * a family of its own, named in the families below in turn: satori looks for a character's glyph
 * down that list, not among files of one name.
 */
function loadFonts(): Font[] {
  const file = (pkg: string, name: string) =>
    fs.readFileSync(require.resolve(`@fontsource/${pkg}/files/${name}.woff`));
  return SUBSETS.flatMap((subset) => [
    { name: `Inter ${subset}`, data: file('inter', `inter-${subset}-400-normal`), weight: 400 },
    { name: `Inter ${subset}`, data: file('inter', `inter-${subset}-700-normal`), weight: 700 },
    {
      name: `Mono ${subset}`,
      data: file('jetbrains-mono', `jetbrains-mono-${subset}-400-normal`),
      weight: 400,
    },
  ]);
}

const SANS = SUBSETS.map((subset) => `Inter ${subset}`).join(', ');
const MONO = SUBSETS.map((subset) => `Mono ${subset}`).join(', ');

let fonts: Font[] | null = null;

const BACKGROUND = '#0d1117';
const PANEL = '#161b22';
const TEXT = '#e6edf3';
const MUTED = '#8b949e';

/** The card's margins; satori sizes boxes without their padding (content-box). */
const MARGIN = { x: 56, y: 36 } as const;
const INNER = CARD.width - 2 * MARGIN.x;
const CODE_PADDING = { x: 24, y: 16 } as const;

/** The card as satori draws it: site, title and facts above, the first lines of code below. */
function layout(card: CardContent): ReactNode {
  const facts = [card.languageLabel ?? 'Plain text', card.authorName ?? 'Anonymous', card.sizeLabel].join(
    '  ·  ',
  );
  const row = { display: 'flex', width: INNER } as const;
  const line = (segments: Segment[], i: number) =>
    h(
      'div',
      { key: i, style: { display: 'flex', height: 24, whiteSpace: 'pre' } },
      ...segments.map((s, j) => h('span', { key: j, style: { color: s.color ?? TEXT } }, s.text)),
    );
  return h(
    'div',
    {
      style: {
        width: INNER,
        height: CARD.height - 2 * MARGIN.y,
        display: 'flex',
        flexDirection: 'column',
        background: BACKGROUND,
        color: TEXT,
        padding: `${MARGIN.y}px ${MARGIN.x}px`,
        fontFamily: SANS,
      },
    },
    h('div', { style: { ...row, fontSize: 24, color: MUTED } }, card.siteTitle),
    h('div', { style: { ...row, fontSize: 44, fontWeight: 700, marginTop: 4 } }, card.title),
    h('div', { style: { ...row, fontSize: 24, color: MUTED, marginTop: 4 } }, facts),
    h(
      'div',
      {
        style: {
          ...row,
          width: INNER - 2 * CODE_PADDING.x,
          flexDirection: 'column',
          flexGrow: 1,
          marginTop: 20,
          padding: `${CODE_PADDING.y}px ${CODE_PADDING.x}px`,
          background: PANEL,
          borderRadius: 12,
          fontFamily: MONO,
          fontSize: 19,
        },
      },
      ...card.lines.map(line),
    ),
  );
}

/** The card as a PNG. Fonts are read on the first call. */
export async function renderCard(card: CardContent): Promise<Uint8Array> {
  fonts ??= loadFonts();
  const svg = await satori(layout(card), { ...CARD, fonts, loadAdditionalAsset: loadExtraGlyphs });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
