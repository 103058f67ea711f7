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

type Watched = { firstPaint?: { contentful?: number; text?: number } };

/**
 * Puts `page` on Fast 3G — and, with `cpuSlowdown` above 1, its main thread that many times slower
 * (DevTools' CPU throttling: a slow phone or a loaded host) — and has it note, on its own clock,
 * its first contentful paint and the first paint of the paste's text. Only observers: nothing
 * forces a style or layout, which on a slow CPU would itself hold the paint back (polling
 * `innerText` every 5 ms did: 0.3 s more at 6×). Call before navigating; read with `firstPaint`.
 * Used by e2e/first-load.spec.ts and bench/paste-page.ts.
 */
export async function onFast3g(
  page: Page,
  { cpuSlowdown = 1 }: { cpuSlowdown?: number } = {},
): Promise<void> {
  await page.addInitScript((name) => {
    const seen: NonNullable<Watched['firstPaint']> = {};
    (window as Watched).firstPaint = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.name === 'first-contentful-paint') seen.contentful = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { identifier: string; renderTime: number }[]) {
        if (e.identifier === name) seen.text ??= e.renderTime;
      }
    }).observe({ type: 'element', buffered: true });
  }, PASTE_TEXT_TIMING);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/** The moments `onFast3g` watches, once the paste's text has been painted. */
export async function firstPaint(page: Page): Promise<FirstPaint> {
  await page.waitForFunction(
    () => {
      const seen = (window as Watched).firstPaint;
      return seen?.contentful !== undefined && seen.text !== undefined;
    },
    null,
    { timeout: 120_000 },
  );
  return page.evaluate(() => {
    const seen = (window as Watched).firstPaint!;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      responseEnd: navigation.responseEnd,
      firstContentfulPaint: seen.contentful!,
      textPaint: seen.text!,
    };
  });
}
