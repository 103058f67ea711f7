import type { Page } from '@playwright/test';
import { PASTE_TEXT_TIMING } from '../../src/common/paint-timing.js';

/** Chrome DevTools' "Fast 3G" preset (its own figures: 1.6 Mbps down, 750 kbps up, 150 ms RTT, each × its factor). */
const FAST_3G = {
  offline: false,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
  latency: 150 * 3.75,
};

/** Moments of a page load on the page's own clock (ms after navigation started). */
export interface FirstPaint {
  /** The last byte of the page's HTML (navigation timing). */
  responseEnd: number;
  firstContentfulPaint: number;
  /** The paste's first line of text painted (Element Timing): what a reader waits for. */
  textPaint: number;
}

type Watched = { firstPaint?: Promise<Omit<FirstPaint, 'responseEnd'>> };

/**
 * Puts `page` on Fast 3G — and, with `cpuSlowdown` above 1, its main thread that many times slower
 * (DevTools' CPU throttling: a slow phone or a loaded host) — and has it note, on its own clock,
 * its first contentful paint and the first paint of the paste's text. Only observers: nothing
 * forces a style or layout, which on a slow CPU would itself hold the paint back (the old way
 * polled `innerText` every 5 ms). Call before navigating; read with `firstPaint`. Used by
 * e2e/first-load.spec.ts and bench/paste-page.ts.
 */
export async function onFast3g(
  page: Page,
  { cpuSlowdown = 1 }: { cpuSlowdown?: number } = {},
): Promise<void> {
  await page.addInitScript((name) => {
    // No named functions in here: the test's TypeScript compiler would wrap them in a helper the
    // page does not have.
    const seen: { contentful?: number; text?: number } = {};
    (window as Watched).firstPaint = new Promise((resolve) => {
      for (const type of ['paint', 'element']) {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as {
            name: string;
            identifier?: string;
            startTime: number;
            renderTime?: number;
          }[]) {
            if (e.name === 'first-contentful-paint') seen.contentful = e.startTime;
            if (e.identifier === name) seen.text ??= e.renderTime;
          }
          if (seen.contentful !== undefined && seen.text !== undefined) {
            resolve({ firstContentfulPaint: seen.contentful, textPaint: seen.text });
          }
        }).observe({ type, buffered: true });
      }
    });
  }, PASTE_TEXT_TIMING);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/**
 * The moments `onFast3g` watches. Asked once the page has loaded: until then nothing of the test
 * runs in the page (Playwright's polling helpers are a script of their own, compiled and run in
 * the page, which on a throttled CPU held the first paint back by seconds).
 */
export async function firstPaint(page: Page): Promise<FirstPaint> {
  await page.waitForLoadState('load');
  return page.evaluate(async () => {
    const painted = await Promise.race([
      (window as Watched).firstPaint!,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the paste’s text was not painted within 2 minutes')), 120_000),
      ),
    ]);
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { responseEnd: navigation.responseEnd, ...painted };
  });
}
