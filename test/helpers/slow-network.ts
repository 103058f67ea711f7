import type { Page } from '@playwright/test';

/** Chrome DevTools' "Fast 3G" preset (its own figures: 1.6 Mbps down, 750 kbps up, 150 ms RTT, each × its factor). */
const FAST_3G = {
  offline: false,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
  latency: 150 * 3.75,
};

type Timed = { visibleAt?: number };

/**
 * Puts `page` on Fast 3G and has it note, on its own clock (0 = the start of navigation), when
 * `text` is first in the page: Playwright's polling would add its own delay to the figure. Call
 * before navigating; read the time with `textVisibleAt`. Used by e2e/first-load.spec.ts and
 * bench/paste-page.ts.
 */
export async function onFast3gWatching(page: Page, text: string): Promise<void> {
  await page.addInitScript((watched) => {
    const timer = setInterval(() => {
      if (document.body?.innerText.includes(watched)) {
        (window as Timed).visibleAt = performance.now();
        clearInterval(timer);
      }
    }, 5);
  }, text);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
}

/** Milliseconds after navigation started when the watched text was first in the page. */
export async function textVisibleAt(page: Page, timeoutMs = 30_000): Promise<number> {
  await page.waitForFunction(() => (window as Timed).visibleAt !== undefined, null, { timeout: timeoutMs });
  return page.evaluate(() => (window as Timed).visibleAt!);
}
