/**
 * Part of `npm run bench` (BENCH_PAGE=0 skips it): the paste page with its text in the first HTML,
 * two figures against their goals.
 *
 * 1. Server throughput of `GET /paste/:id` (the HTML, brotli as a browser asks for it) against
 *    `GET /api/pastes/:id` (the JSON read of the same 2 KB paste) on the same server, in alternating
 *    rounds so both see the same machine, per core of the server's CPU (raw-load.ts says why). Goal: HTML
 *    ≥ 0.8 × JSON.
 * 2. In Chromium on Chrome's "Fast 3G" preset, at full CPU speed and slowed down by DevTools' CPU
 *    throttling (BENCH_PAGE_CPU, default ×1, ×4 and ×6: a slow phone or a loaded 2-core host), when
 *    the HTML's response ended, the first contentful paint and the paint of the paste's text, on
 *    the page's own clock, medians of fresh visits (BENCH_PAGE_VISITS, default 7); then what the
 *    main thread does in between (page-paint.ts). Goal: the text painted < 1,000 ms.
 *    BENCH_PAGE_THROUGHPUT=0 measures only this.
 *
 * Reports; never asserts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMeter } from './cpu.js';
import { paintOnFast3g } from './page-paint.js';
import { prepare, startPasteshare } from './pasteshare.js';
import { pinSelf, REPO_ROOT, unpinSelf } from './processes.js';
import { rawDrive } from './raw-load.js';

if (process.env.BENCH_PAGE === '0') process.exit(0);

const ROUNDS = 5;
const VISITS = Number(process.env.BENCH_PAGE_VISITS ?? 7);
const SLOWDOWNS = (process.env.BENCH_PAGE_CPU ?? '1,4,6').split(',').map(Number);
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

try {
  const { id } = await prepare(server);
  if (process.env.BENCH_PAGE_THROUGHPUT !== '0') await throughput(id);
  const line = 'a line a person wants to read quickly';
  const res = await fetch(`${server.origin}/api/pastes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ title: 'slow-phone.txt', content: `${line}\n`.repeat(16), privacy: 'public' }),
  });
  const { id: small } = (await res.json()) as { id: string };
  // The browser gets every CPU, as a reader's would: the server's pinning is for throughput only.
  unpinSelf(pinning);
  await paintOnFast3g(`${server.origin}/paste/${small}`, SLOWDOWNS, VISITS);
} finally {
  await server.child.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
