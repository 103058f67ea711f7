/**
 * Part of `npm run bench` (BENCH_OG=0 skips it): what a link preview card (GET /og/:id.png) costs,
 * drawn as the server draws it, on the card renderer's worker thread. Reports the first card (the
 * thread starting, fonts and satori's wasm loading) and the median of distinct warm cards (goal
 * < 100 ms); a card already drawn is a Map look-up in the previews service, not measured here.
 * Reports; never asserts.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { hljs } from '../src/common/render/hljs.js';
import { createCardRenderer } from '../src/server/modules/previews/card-renderer.js';
import { fitLines, segmentsOfHighlighted } from '../src/server/modules/previews/code-segments.js';
import {
  CARD_LINE_CHARS,
  CARD_LINES,
  type CardContent,
} from '../src/server/modules/previews/preview-card.js';

if (process.env.BENCH_OG === '0') process.exit(0);

const CARDS = 9;
const log = (msg: string) => console.error(`[bench:og] ${msg}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const source = fs.readFileSync(
  new URL('../src/server/modules/previews/previews.service.ts', import.meta.url),
  'utf8',
);
const lines = source.split('\n');
const cardOf = (n: number): CardContent => {
  const opening = lines.slice(n * 5, n * 5 + CARD_LINES).join('\n');
  const html = hljs.highlight(opening, { language: 'typescript', ignoreIllegals: true }).value;
  return {
    siteTitle: 'pasteshare',
    title: `previews.service.ts, part ${n}`,
    languageLabel: 'TypeScript',
    authorName: 'bench',
    sizeLabel: '3.9 KB',
    lines: fitLines(segmentsOfHighlighted(html), CARD_LINES, CARD_LINE_CHARS),
  };
};

const renderer = createCardRenderer({ timeoutMs: 30_000, maxQueued: CARDS + 1 });
const timed = async (card: CardContent) => {
  const started = performance.now();
  const png = await renderer.render(card);
  if (!png) throw new Error('a card was not drawn');
  return performance.now() - started;
};
const first = await timed(cardOf(0));
const warm: number[] = [];
for (let n = 1; n <= CARDS; n++) warm.push(await timed(cardOf(n)));
await renderer.close();
log(
  `first card ${first.toFixed(0)} ms (thread start, fonts); warm: median ${median(warm).toFixed(0)} ms of ${CARDS} (goal < 100 ms)`,
);
console.log(
  JSON.stringify({ bench: 'og-image', firstMs: Math.round(first), warmMedianMs: Math.round(median(warm)) }),
);
