/**
 * Part of `npm run bench` (BENCH_PAGE=0 skips it): the paste page with its text in the first HTML
 * (issue 22), two figures against their goals.
 *
 * 1. Server throughput of `GET /paste/:id` (the HTML, brotli as a browser asks for it) against
 *    `GET /api/pastes/:id` (the JSON read of the same 2 KB paste) on the same server, in alternating
 *    rounds so both see the same machine, per core of the server's CPU (raw-load.ts says why). Goal: HTML
 *    ≥ 0.8 × JSON.
 * 2. In Chromium on Chrome's "Fast 3G" preset, when the paste's text is first in the page after
 *    navigation starts (the page's own clock), median of a few fresh visits. Goal: < 1,000 ms.
 *
 * Reports; never asserts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { onFast3gWatching, textVisibleAt } from '../test/helpers/slow-network.js';
import { cpuMeter } from './cpu.js';
import { prepare, startPasteshare } from './pasteshare.js';
import { pinSelf, REPO_ROOT } from './processes.js';
import { rawDrive } from './raw-load.js';

if (process.env.BENCH_PAGE === '0') process.exit(0);

const ROUNDS = 5;
const VISITS = 5;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const log = (msg: string) => console.error(`[bench:page] ${msg}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// The web app and its paste-page renderer, built if stale (the server loads them from dist/).
if (spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0)
  throw new Error('The web build failed');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-page-bench-'));
const pinning = pinSelf(true);
const server = await startPasteshare({ name: 'page', dataDir: tmp, cpu: pinning?.serverCpu });

async function run(url: string, headers: Record<string, string>) {
  const spec = { url, headers, connections: 16, seconds: SECONDS };
  await rawDrive({ ...spec, seconds: 2 });
  const stop = cpuMeter(server.child.proc.pid);
  const r = await rawDrive(spec);
  const cpu = stop?.();
  if (!cpu || cpu.server <= 0) throw new Error('no CPU reading of the server (needs /proc)');
  return { ...r, cpu, perCore: r.rps / cpu.server };
}

async function throughput(id: string): Promise<void> {
  const targets = {
    json: { url: `${server.origin}/api/pastes/${id}`, headers: { accept: 'application/json' } },
    html: {
      url: `${server.origin}/paste/${id}`,
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    },
  };
  const perCore: Record<keyof typeof targets, number[]> = { json: [], html: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['json', 'html'] as const) : (['html', 'json'] as const);
    for (const which of order) {
      const r = await run(targets[which].url, targets[which].headers);
      if (r.non2xx > 0) throw new Error(`${which}: ${r.non2xx} non-2xx answers`);
      perCore[which].push(r.perCore);
      log(
        `round ${round + 1}, ${which}: ${r.rps.toFixed(0)} req/s of ${r.bodyBytes} B; CPU server ${r.cpu.server} bench ${r.cpu.bench} other ${r.cpu.other} → ${r.perCore.toFixed(0)} req/s per server core`,
      );
    }
  }
  const [json, html] = [median(perCore.json), median(perCore.html)];
  const ratio = html / json;
  console.log(
    `paste page HTML: ${html.toFixed(0)} req/s per server core; JSON read of the same paste: ${json.toFixed(0)}; HTML ÷ JSON = ${ratio.toFixed(3)} (goal ≥ 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'})`,
  );
}

async function fast3g(id: string, line: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const times: number[] = [];
    for (let visit = 0; visit < VISITS; visit++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await onFast3gWatching(page, line);
      await page.goto(`${server.origin}/paste/${id}`, { waitUntil: 'commit' });
      times.push(await textVisibleAt(page));
      await context.close();
    }
    const ms = median(times);
    log(`Fast 3G visits: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    console.log(
      `paste page on Fast 3G: text visible ${ms.toFixed(0)} ms after navigation (median of ${VISITS}; goal < 1000 ms: ${ms < 1000 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await browser.close();
  }
}

try {
  const { id } = await prepare(server);
  await throughput(id);
  const line = 'a line a person wants to read quickly';
  const res = await fetch(`${server.origin}/api/pastes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ title: 'slow-phone.txt', content: `${line}\n`.repeat(16), privacy: 'public' }),
  });
  const { id: small } = (await res.json()) as { id: string };
  await fast3g(small, line);
} finally {
  await server.child.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
