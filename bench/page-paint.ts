/**
 * The paste page in Chromium on Fast 3G, a CPU as fast as this one and slowed down by DevTools'
 * CPU throttling (a slow phone, a loaded host): when the HTML's response ended, the first
 * contentful paint and the paint of the paste's text, on the page's own clock; and, from a trace,
 * what the page's main thread does between the HTML's arrival and the text's paint.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { type FirstPaint, firstPaint, onFast3g } from '../test/helpers/slow-network.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => x.toFixed(0);

/** One fresh visit (a new context: nothing cached) of `url` on Fast 3G at `cpuSlowdown`. */
async function visit(browser: Browser, url: string, cpuSlowdown: number): Promise<FirstPaint> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await onFast3g(page, { cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    return await firstPaint(page);
  } finally {
    await context.close();
  }
}

/**
 * `visits` rounds, each visiting once at every slowdown (so a busy moment of the machine falls on
 * all of them alike); prints the medians per slowdown against the goal (text painted < 1,000 ms).
 */
export async function paintOnFast3g(url: string, slowdowns: number[], visits: number): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const seen = new Map<number, FirstPaint[]>(slowdowns.map((s) => [s, []]));
    for (let round = 0; round < visits; round++) {
      for (const slowdown of slowdowns) seen.get(slowdown)!.push(await visit(browser, url, slowdown));
    }
    for (const [slowdown, times] of seen) {
      const end = median(times.map((t) => t.responseEnd));
      const contentful = median(times.map((t) => t.firstContentfulPaint));
      const text = median(times.map((t) => t.textPaint));
      console.error(
        `[bench:page] CPU ×${slowdown}: text painted at ${times.map((t) => ms(t.textPaint)).join(', ')} ms`,
      );
      console.log(
        `paste page on Fast 3G, CPU ×${slowdown}: response ended ${ms(end)} ms, first contentful paint ${ms(contentful)} ms, text painted ${ms(text)} ms (${ms(text - end)} ms after the response; median of ${visits}; goal < 1000 ms: ${text < 1000 ? 'met' : 'NOT met'})`,
      );
    }
    await mainThreadBreakdown(browser, url);
  } finally {
    await browser.close();
  }
}

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { beginData?: { url?: string } };
};

const KINDS = ['ParseHTML', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize'];

/**
 * One traced visit at full speed: the main thread's CPU time (thread time, which the machine's
 * load barely changes) from the HTML's arrival to the text's paint, by kind of work. DevTools'
 * CPU throttling multiplies this work, and the waits between its steps.
 */
async function mainThreadBreakdown(browser: Browser, url: string): Promise<void> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-trace-')), 'trace.json');
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await onFast3g(page);
    await browser.startTracing(page, {
      path: file,
      categories: ['devtools.timeline', 'toplevel', 'loading'],
    });
    await page.goto(url, { waitUntil: 'commit' });
    const times = await firstPaint(page);
    await browser.stopTracing();
    const events = (JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const byKind = breakdown(events, times);
    const total = byKind.get('total')!;
    const parts = [...byKind].filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${v.toFixed(1)}`);
    console.log(
      `paste page, main thread from the HTML's arrival to the text's paint, CPU ×1: ${total.toFixed(1)} ms (${parts.join(', ')})`,
    );
  } finally {
    await context.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

function breakdown(events: TraceEvent[], times: FirstPaint): Map<string, number> {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.includes('/paste/'));
  const contentful = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse?.pid);
  if (!parse || !contentful) throw new Error('the trace has no parse or first paint of the paste page');
  const onMain = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const arrived =
    events.find((e) => e.name === 'ResourceReceivedData' && e.pid === parse.pid)?.ts ?? parse.ts;
  // The trace's clock is not the page's: the first contentful paint is on both.
  const end = contentful.ts + (times.textPaint - times.firstContentfulPaint) * 1000;
  const within = onMain.filter((e) => e.ts + (e.dur ?? 0) >= arrived && e.ts < end);
  // Outermost events of a name only: tasks nest tasks, a paint nests a paint.
  const cpu = (name: (n: string) => boolean) => {
    const named = within.filter((e) => name(e.name));
    const outer = named.filter(
      (e) => !named.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && o.dur! > e.dur!),
    );
    return outer.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  };
  const total = cpu((n) => n === 'RunTask' || n === 'ThreadControllerImpl::RunTask');
  const result = new Map(KINDS.map((kind) => [kind, cpu((n) => n === kind)]));
  result.set('other', total - [...result.values()].reduce((a, b) => a + b, 0));
  result.set('total', total);
  return result;
}
