/**
 * `node --import tsx bench/render.ts`: what rendering costs the server, as ratios against a baseline
 * measured in the same run (absolute times move with the machine's load). Each case is the built
 * paste-page renderer (dist/web-ssr, as the server calls it for a first HTML) given the view the API
 * answers, median of ROUNDS after a warm-up, on one core:
 * - a 1 MB Markdown paste (README.md) against the same text as a plain paste (notes.txt): the
 *   Markdown page's throughput as a share of the plain page's (goal ≥ 0.5);
 * - the CSV table of a 10 MB file (its first 10,000 rows parsed) and the sanitiser alone on the
 *   Markdown's HTML, in milliseconds beside the baseline.
 * Reports, never asserts.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { renderMarkdown } from '../src/common/render/render-markdown.js';
import { renderTable } from '../src/common/render/render-table.js';
import type { PasteView } from '../src/common/schemas/paste.js';
import type { PublicSettings } from '../src/common/schemas/settings.js';
import { request } from './http.js';
import { completeSetup, createPaste, startPasteshare } from './pasteshare.js';
import { REPO_ROOT } from './processes.js';

const MB = 1024 * 1024;
const ROUNDS = 7;
const log = (msg: string) => console.error(`[bench:render] ${msg}`);

function markdownText(bytes: number): string {
  const section = [
    '## Section',
    '',
    'Some **bold**, some `code`, a [link](https://example.com) and a footnote.[^n]',
    '',
    '| name | value |',
    '|------|------:|',
    '| a | 1 |',
    '',
    '- [x] done',
    '- [ ] todo',
    '',
    '```js',
    'const answer = 42;',
    '```',
    '',
    '[^n]: A note.',
    '',
  ].join('\n');
  return section.repeat(Math.ceil(bytes / section.length)).slice(0, bytes);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(work: () => unknown): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function getJson<T>(url: string): Promise<T> {
  const res = await request(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return JSON.parse(res.body.toString('utf8')) as T;
}

if (spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0)
  throw new Error('The web build failed');
const { renderPastePage } = (await import(
  pathToFileURL(path.join(REPO_ROOT, 'dist/web-ssr/render-paste-page.js')).href
)) as typeof import('../src/web/ssr/render-paste-page.js');
const server = await startPasteshare({
  name: 'render',
  dataDir: path.join(os.tmpdir(), `bench-render-${process.pid}`),
});
try {
  await completeSetup(server.origin);
  const text = markdownText(MB);
  const body = (title: string) =>
    JSON.stringify({ title, content: text, privacy: 'public', expiration: '1d' });
  const views: Record<string, PasteView> = {};
  for (const title of ['README.md', 'notes.txt']) {
    const id = await createPaste(server.origin, body(title));
    views[title] = await getJson<PasteView>(`${server.origin}/api/pastes/${id}`);
  }
  const settings = await getJson<PublicSettings>(`${server.origin}/api/settings/public`);
  const page = (title: string) => () =>
    renderPastePage({
      url: `/paste/${views[title]!.id}`,
      view: views[title]!,
      settings,
      user: null,
      renderedAt: Date.now(),
    });
  const plain = await timed(page('notes.txt'));
  const markdown = await timed(page('README.md'));
  const csvText = 'id,name,amount,when\n'.concat(
    '1234567,"Smith, Jane",1520.75,2026-11-27T10:00:00Z\n'.repeat(Math.ceil((10 * MB) / 48)),
  );
  const csv = await timed(() => renderTable(csvText, ','));
  const sanitise = await timed(() => renderMarkdown(text));
  log(`1 MB paste page, plain: ${plain.toFixed(1)} ms; Markdown: ${markdown.toFixed(1)} ms`);
  log(`Markdown page throughput = ${(plain / markdown).toFixed(2)} × the plain page's (goal ≥ 0.5)`);
  log(
    `1 MB Markdown to sanitised HTML alone: ${sanitise.toFixed(1)} ms (${(sanitise / plain).toFixed(2)} × the plain page)`,
  );
  log(
    `10 MB CSV, first 10,000 rows as a table: ${csv.toFixed(1)} ms (${(csv / plain).toFixed(2)} × the plain page)`,
  );
} finally {
  await server.child.stop(2000);
}
