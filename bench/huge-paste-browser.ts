/**
 * The huge-paste viewer in Chromium, not part of `npm run bench` (run on its own):
 * a 1 GB log (BENCH_HUGE_MB) generated as a stream to a temp dir (bench/huge-log.ts, the same
 * log as bench/huge-paste.ts), uploaded once through the chunked API to the real server (compiled
 * bundle, web app built when stale, local disk, SQLite), then read in the browser:
 *
 * 1. First screen: a fresh context opens `/paste/{id}#L1` (the line link opens the viewer
 *    directly); the page's own clock (0 = navigation start) notes when line 1's text is in the
 *    DOM. And the other way in: `/paste/{id}`, then a click on "View in browser" → line 1's text.
 * 2. Jump to the last line: the jump form (the total line count typed, Go clicked in the page)
 *    → the last line's text in the DOM, timed in the page from the click. And a fresh navigation
 *    to `/paste/{id}#L<last>` → the last line's text.
 * 3. Heap: one context scrolls the viewer to BENCH_HUGE_STOPS + 1 evenly spaced positions (the
 *    scrollbar set to i / STOPS of its range, each stop waiting until its lines are drawn), then
 *    forces a collection over CDP and reads JSHeapUsedSize; the `/lines` requests are counted.
 *
 * Each timing is the median of BENCH_HUGE_RUNS fresh contexts (an empty cache each: the app's
 * scripts are fetched every time), after one untimed pass that warms the browser and the server. Every figure is printed with its goal; nothing is asserted.
 *
 *   node --import tsx bench/huge-paste-browser.ts             # 1 GB
 *   BENCH_HUGE_MB=200 node --import tsx bench/huge-paste-browser.ts
 *   BENCH_WATERFALL=1 …                                       # + every request of the timed navigations
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { uploadChunked } from './chunked-upload.js';
import { lineToken, MB, makeLog, signIn } from './huge-log.js';
import { startPasteshare } from './pasteshare.js';
import { REPO_ROOT } from './processes.js';

const sizeMb = Number(process.env.BENCH_HUGE_MB ?? 1024);
const RUNS = Number(process.env.BENCH_HUGE_RUNS ?? 3);
const STOPS = Number(process.env.BENCH_HUGE_STOPS ?? 100);
const GOAL_MS = 1000;
const GOAL_HEAP_MB = 200;
const TIMEOUT_MS = 60_000;
const log = (msg: string) => console.error(`[bench:huge-browser] ${msg}`);
const round = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/**
 * Installed in every page before its own scripts, as plain JavaScript (a string, so nothing the
 * TypeScript compiler adds reaches the browser). `window.__bench`:
 * - when(selector, text): resolves with performance.now() at the DOM change that first puts an
 *   element matching `selector` whose text includes `text` in the page;
 * - clickThenWait(button, selector, text): clicks the button whose text is `button`, resolves with
 *   the milliseconds from the click to when(selector, text);
 * - scrollToFraction(f): sets the viewer's scrollTop to f of its range and resolves, once the
 *   status says no window is loading and the first line shown holds its own text, with that line
 *   and the milliseconds it took;
 * - inView(selector): whether that element is inside the viewer's box;
 * - timeline(): where a navigation's time went (resource timings, the viewer's milestones);
 * - shown: when the `target` given to the script was first in the page (null until then).
 */
const PAGE_SCRIPT = `(() => {
  const has = (selector, text) => {
    for (const el of document.querySelectorAll(selector)) if ((el.textContent || '').includes(text)) return true;
    return false;
  };
  const when = (selector, text, timeoutMs = ${TIMEOUT_MS}) =>
    new Promise((resolve, reject) => {
      if (document.documentElement && has(selector, text)) return resolve(performance.now());
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(selector + ' with ' + JSON.stringify(text) + ' not in the page after ' + timeoutMs + ' ms'));
      }, timeoutMs);
      const observer = new MutationObserver(() => {
        if (has(selector, text)) {
          const at = performance.now();
          observer.disconnect();
          clearTimeout(timer);
          resolve(at);
        }
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    });
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const bench = {
    shown: null,
    failed: null,
    when,
    async clickThenWait(buttonText, selector, text) {
      const button = [...document.querySelectorAll('button')].find((b) => (b.textContent || '').trim() === buttonText);
      if (!button) throw new Error('no button ' + buttonText);
      const start = performance.now();
      button.click();
      return (await when(selector, text)) - start;
    },
    inView(selector) {
      const el = document.querySelector(selector);
      const box = document.querySelector('[data-testid="huge-viewer-scroller"]');
      if (!el || !box) return false;
      const a = el.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return a.top >= b.top && a.bottom <= b.bottom;
    },
    async scrollToFraction(f) {
      const el = document.querySelector('[data-testid="huge-viewer-scroller"]');
      const status = document.querySelector('[data-testid="huge-viewer-status"]');
      const start = performance.now();
      el.scrollTop = f * (el.scrollHeight - el.clientHeight);
      await frame();
      await frame();
      for (;;) {
        const match = /Lines? ([\\d,]+)/.exec(status.textContent || '');
        const first = match ? Number(match[1].replaceAll(',', '')) : NaN;
        const loading = (status.querySelector('[role="status"]')?.textContent || '') !== '';
        if (!loading && has('[data-line="' + first + '"]', ' req=' + first.toString(36) + ' ')) {
          return { first, ms: performance.now() - start };
        }
        if (performance.now() - start > ${TIMEOUT_MS}) throw new Error('the lines at ' + f + ' were not drawn');
        await frame();
      }
    },
    timeline() {
      const nav = performance.getEntriesByType('navigation')[0];
      const resources = performance.getEntriesByType('resource');
      const lines = resources.filter((e) => e.name.includes('/lines?'));
      const linesStart = lines.length ? lines[0].startTime : Infinity;
      const scripts = resources.filter((e) => e.initiatorType === 'script' || /\\.js(\\?|$)/.test(e.name));
      return {
        htmlEnd: nav ? nav.responseEnd : NaN,
        domContentLoaded: nav ? nav.domContentLoadedEventEnd : NaN,
        scriptsBeforeLines: scripts.filter((e) => e.startTime < linesStart).length,
        lastScriptEnd: Math.max(0, ...scripts.filter((e) => e.startTime < linesStart).map((e) => e.responseEnd)),
        linesStart: lines.length ? lines[0].startTime : NaN,
        linesEnd: lines.length ? lines[0].responseEnd : NaN,
        milestones: JSON.stringify(bench.milestones),
        all: resources.map((e) => Math.round(e.startTime) + '–' + Math.round(e.responseEnd) + ' ' + e.initiatorType + ' ' + e.name.replace(location.origin, '')),
      };
    },
  };
  // Milestones of the viewer's start, for BENCH_WATERFALL: when each first appears.
  bench.milestones = {};
  const marks = { viewerChunkLoading: 'Loading the viewer', linesLoading: 'Loading lines...' };
  const milestones = new MutationObserver(() => {
    const text = document.body ? document.body.textContent || '' : '';
    for (const [name, needle] of Object.entries(marks)) {
      if (!(name in bench.milestones) && text.includes(needle)) bench.milestones[name] = Math.round(performance.now());
    }
    if (!('viewer' in bench.milestones) && document.querySelector('[aria-label="Paste viewer"]')) {
      bench.milestones.viewer = Math.round(performance.now());
      milestones.disconnect();
    }
  });
  milestones.observe(document, { childList: true, subtree: true });
  window.__bench = bench;
  const target = __TARGET__;
  if (target) bench.when(target.selector, target.text).then((t) => { bench.shown = t; }, (e) => { bench.failed = String(e); });
})();`;

const row = (n: number) => `[data-line="${n}"]`;

/** In the page (a function, not a string: the site's CSP forbids eval): the watched target is in. */
const shownYet = () => {
  const b = (window as unknown as { __bench?: { shown: number | null } }).__bench;
  return b !== undefined && b.shown !== null;
};

async function freshPage(
  browser: Browser,
  origin: string,
  target: { selector: string; text: string } | null,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: PAGE_SCRIPT.replace('__TARGET__', JSON.stringify(target)) });
  return { context, page: await context.newPage() };
}

/** Where a navigation's time went, in ms after its start (the page's resource timings). */
interface Timeline {
  htmlEnd: number;
  domContentLoaded: number;
  /** Scripts requested before the first /lines request, and when the last of them arrived. */
  scriptsBeforeLines: number;
  lastScriptEnd: number;
  linesStart: number;
  linesEnd: number;
  /** When the viewer's loading states and the viewer itself first appeared (JSON). */
  milestones: string;
  /** Every resource: "start–end initiator path". */
  all: string[];
}

const describe = (t: Timeline, shown: number) =>
  `${process.env.BENCH_WATERFALL ? `${t.all.join('\n    ')}\n    ${t.milestones}\n  ` : ''}HTML ${Math.round(t.htmlEnd)}, DOMContentLoaded ${Math.round(t.domContentLoaded)}, ${t.scriptsBeforeLines} scripts in by ${Math.round(t.lastScriptEnd)}, /lines ${Math.round(t.linesStart)}–${Math.round(t.linesEnd)}, line shown ${Math.round(shown)}`;

/** Opens `url` in a fresh context; milliseconds from navigation start to `n`'s text in the page. */
async function navigateUntilLine(browser: Browser, origin: string, url: string, n: number) {
  const { context, page } = await freshPage(browser, origin, { selector: row(n), text: lineToken(n) });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => {
        const b = (window as unknown as { __bench?: { shown: number | null; failed: string | null } })
          .__bench;
        return b !== undefined && (b.shown !== null || b.failed !== null);
      },
      null,
      {
        timeout: TIMEOUT_MS,
        polling: 50,
      },
    );
    const { shown, failed, timeline, inView } = (await page.evaluate(
      `({ shown: window.__bench.shown, failed: window.__bench.failed, timeline: window.__bench.timeline(), inView: window.__bench.inView('${row(n)}') })`,
    )) as {
      shown: number | null;
      failed: string | null;
      timeline: Timeline;
      inView: boolean;
    };
    if (failed || shown === null) throw new Error(failed ?? 'not shown');
    return { ms: shown, timeline, inView };
  } finally {
    await context.close();
  }
}

/** `/paste/{id}`, then "View in browser": milliseconds to the card, and from the click to line 1's text. */
async function viewInBrowser(browser: Browser, origin: string, id: string) {
  const { context, page } = await freshPage(browser, origin, { selector: 'button', text: 'View in browser' });
  try {
    await page.goto(`/paste/${id}`, { waitUntil: 'commit' });
    await page.waitForFunction(shownYet, null, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    const cardMs = (await page.evaluate('window.__bench.shown')) as number;
    const clickMs = (await page.evaluate(
      `window.__bench.clickThenWait('View in browser', '${row(1)}', ${JSON.stringify(lineToken(1))})`,
    )) as number;
    return { cardMs, clickMs };
  } finally {
    await context.close();
  }
}

/** The viewer open at line 1, then the jump form to `last`: milliseconds from Go to its text. */
async function jumpToLast(browser: Browser, origin: string, id: string, last: number) {
  const { context, page } = await freshPage(browser, origin, { selector: row(1), text: lineToken(1) });
  try {
    await page.goto(`/paste/${id}#L1`, { waitUntil: 'commit' });
    await page.waitForFunction(shownYet, null, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    await page.getByLabel('Go to line', { exact: true }).fill(String(last));
    const ms = (await page.evaluate(
      `window.__bench.clickThenWait('Go', '${row(last)}', ${JSON.stringify(lineToken(last))})`,
    )) as number;
    const inView = (await page.evaluate(`window.__bench.inView('${row(last)}')`)) as boolean;
    return { ms, inView };
  } finally {
    await context.close();
  }
}

/** Heap used after a forced collection (and before it), in bytes, from the page's CDP metrics. */
async function heap(page: Page): Promise<{ used: number; usedBeforeGc: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Performance.enable');
    const metric = async (name: string) =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    const usedBeforeGc = await metric('JSHeapUsedSize');
    await cdp.send('HeapProfiler.collectGarbage');
    return { used: await metric('JSHeapUsedSize'), usedBeforeGc };
  } finally {
    await cdp.detach();
  }
}

/** The viewer open at line 1, scrolled to STOPS + 1 evenly spaced positions; the heap before and after. */
async function scrollThrough(browser: Browser, origin: string, id: string) {
  const { context, page } = await freshPage(browser, origin, { selector: row(1), text: lineToken(1) });
  try {
    let requests = 0;
    page.on('request', (r) => {
      if (/\/api\/pastes\/[^/]+\/lines\?/.test(r.url())) requests++;
    });
    await page.goto(`/paste/${id}#L1`, { waitUntil: 'commit' });
    await page.waitForFunction(shownYet, null, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    const before = await heap(page);
    const requestsBefore = requests;
    const windows = new Set<number>();
    const stops: number[] = [];
    for (let i = 0; i <= STOPS; i++) {
      const stop = (await page.evaluate(`window.__bench.scrollToFraction(${i / STOPS})`)) as {
        first: number;
        ms: number;
      };
      windows.add(Math.floor((stop.first - 1) / 200));
      stops.push(stop.ms);
    }
    const after = await heap(page);
    return { before, after, windows: windows.size, requests: requests - requestsBefore, stops };
  } finally {
    await context.close();
  }
}

if (spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0)
  throw new Error('The web build failed');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-huge-browser-bench-'));
try {
  log(`writing a ${sizeMb} MB log`);
  const generated = await makeLog(tmp, sizeMb);
  const server = await startPasteshare({ name: 'huge-browser', dataDir: path.join(tmp, 'server') });
  let browser: Browser | null = null;
  try {
    const origin = server.origin;
    const auth = await signIn(origin);
    log('uploading through the chunked API');
    const up = await uploadChunked(origin, auth, generated.file, generated.size, 'huge.log');
    fs.rmSync(generated.file); // the server holds its own copy now
    const id = up.id;
    const probe = (await (await fetch(`${origin}/api/pastes/${id}/lines?from=1&count=1`)).json()) as {
      totalLines: number;
    };
    const last = probe.totalLines;
    if (last !== generated.lines) throw new Error(`totalLines ${last}, the bench wrote ${generated.lines}`);
    log(
      `paste ${id}: ${last} lines, uploaded in ${round(up.chunksMs / 1000)} s + ${round(up.assemblyMs / 1000)} s assembly`,
    );

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const runs = {
      firstScreenHash: [] as number[],
      firstScreenHashTimeline: [] as string[],
      jumpHashTimeline: [] as string[],
      card: [] as number[],
      viewClick: [] as number[],
      jumpForm: [] as number[],
      jumpHash: [] as number[],
      notInView: [] as string[],
    };
    // One untimed pass first: the browser's processes and the server's code paths warm, as on a
    // site already running (each timed run still starts from an empty cache).
    log('warm-up (untimed)');
    await navigateUntilLine(browser, origin, `/paste/${id}#L1`, 1);
    await jumpToLast(browser, origin, id, last);
    for (let i = 0; i < RUNS; i++) {
      log(`run ${i + 1} of ${RUNS}`);
      const first = await navigateUntilLine(browser, origin, `/paste/${id}#L1`, 1);
      runs.firstScreenHash.push(first.ms);
      runs.firstScreenHashTimeline.push(describe(first.timeline, first.ms));
      if (!first.inView) runs.notInView.push(`#L1 run ${i + 1}`);
      const view = await viewInBrowser(browser, origin, id);
      runs.card.push(view.cardMs);
      runs.viewClick.push(view.clickMs);
      const jump = await jumpToLast(browser, origin, id, last);
      runs.jumpForm.push(jump.ms);
      if (!jump.inView) runs.notInView.push(`Go to ${last} run ${i + 1}`);
      const hash = await navigateUntilLine(browser, origin, `/paste/${id}#L${last}`, last);
      runs.jumpHash.push(hash.ms);
      runs.jumpHashTimeline.push(describe(hash.timeline, hash.ms));
      if (!hash.inView) runs.notInView.push(`#L${last} run ${i + 1}`);
    }
    log(`scrolling through ${STOPS + 1} positions`);
    const scroll = await scrollThrough(browser, origin, id);

    const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
    const results = {
      sizeMb: round(generated.size / MB),
      totalLines: last,
      runs: RUNS,
      firstScreenHashMs: round(median(runs.firstScreenHash)),
      firstScreenHashRunsMs: runs.firstScreenHash.map(round),
      firstScreenHashTimeline: runs.firstScreenHashTimeline,
      cardMs: round(median(runs.card)),
      viewInBrowserClickMs: round(median(runs.viewClick)),
      viewInBrowserClickRunsMs: runs.viewClick.map(round),
      jumpFormMs: round(median(runs.jumpForm)),
      jumpFormRunsMs: runs.jumpForm.map(round),
      jumpHashMs: round(median(runs.jumpHash)),
      jumpHashRunsMs: runs.jumpHash.map(round),
      jumpHashTimeline: runs.jumpHashTimeline,
      notInView: runs.notInView,
      scrollStops: STOPS + 1,
      scrollWindowsVisited: scroll.windows,
      scrollLinesRequests: scroll.requests,
      scrollStopMedianMs: round(median(scroll.stops)),
      scrollStopMaxMs: round(Math.max(...scroll.stops)),
      heapBeforeMB: round(scroll.before.used / MB),
      heapAfterMB: round(scroll.after.used / MB),
      heapAfterBeforeGcMB: round(scroll.after.usedBeforeGc / MB),
    };

    console.log(
      `\nHuge paste in Chromium: ${results.sizeMb} MB, ${last.toLocaleString('en')} lines, loopback`,
    );
    console.log(
      `first screen, /paste/{id}#L1 → line 1 in the page: ${results.firstScreenHashMs} ms after navigation start (median of ${RUNS}: ${fmt(runs.firstScreenHash)}; goal < ${GOAL_MS} ms: ${verdict(results.firstScreenHashMs < GOAL_MS)})`,
    );
    for (const t of runs.firstScreenHashTimeline) console.log(`  ${t}`);
    console.log(
      `first screen, /paste/{id} → card ${results.cardMs} ms, then View in browser click → line 1: ${results.viewInBrowserClickMs} ms (median of ${RUNS}: ${fmt(runs.viewClick)}; card + click ${round(results.cardMs + results.viewInBrowserClickMs)} ms; goal < ${GOAL_MS} ms for the click: ${verdict(results.viewInBrowserClickMs < GOAL_MS)})`,
    );
    console.log(
      `jump to the last line, Go to line ${last} → its text in the page: ${results.jumpFormMs} ms after the click (median of ${RUNS}: ${fmt(runs.jumpForm)}; goal < ${GOAL_MS} ms: ${verdict(results.jumpFormMs < GOAL_MS)})`,
    );
    console.log(
      `jump to the last line, fresh /paste/{id}#L${last} → its text: ${results.jumpHashMs} ms after navigation start (median of ${RUNS}: ${fmt(runs.jumpHash)}; goal < ${GOAL_MS} ms: ${verdict(results.jumpHashMs < GOAL_MS)})`,
    );
    for (const t of runs.jumpHashTimeline) console.log(`  ${t}`);
    if (runs.notInView.length > 0)
      console.log(`  (line not inside the viewer's box once shown: ${runs.notInView.join('; ')})`);
    console.log(
      `heap after scrolling to ${results.scrollStops} positions (${scroll.windows} distinct windows, ${scroll.requests} /lines requests, each stop drawn in median ${results.scrollStopMedianMs} ms, max ${results.scrollStopMaxMs} ms): JSHeapUsedSize ${results.heapAfterMB} MB after a forced GC (${results.heapAfterBeforeGcMB} MB before it; ${results.heapBeforeMB} MB at line 1) — goal < ${GOAL_HEAP_MB} MB: ${verdict(results.heapAfterMB < GOAL_HEAP_MB)}`,
    );
    const out = path.join(
      REPO_ROOT,
      'bench',
      'results',
      `huge-paste-browser-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.json`,
    );
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify({ cpus: os.cpus().length, ...results }, null, 2)}\n`);
    log(`results in ${path.relative(REPO_ROOT, out)}`);
  } finally {
    await browser?.close();
    await server.child.stop();
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
