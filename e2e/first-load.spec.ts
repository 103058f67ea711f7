import type { Page } from '@playwright/test';
import { firstPaint, onFast3g } from '../test/helpers/slow-network';
import { expect, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

test.use({ setupCompleted: true });

/**
 * Architecture budget: JavaScript transferred by a first visit, compressed, counted as the browser
 * counts it — each file's body and its response headers.
 */
const JS_BUDGET_BYTES = 150 * 1024;

/** Opens `path` in a fresh page and adds up the encoded size of every script it received. */
async function firstLoadJs(page: Page, path: string): Promise<{ total: number; files: string[] }> {
  const scripts: Promise<{ url: string; bytes: number; body: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          url: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          body: sizes.responseBodySize,
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const done = await Promise.all(scripts);
  // The build leaves files under 512 bytes uncompressed (headers would outweigh the saving).
  for (const s of done.filter((f) => f.body >= 512)) {
    expect(s.encoding, `${s.url} is sent compressed`).toBe('br');
  }
  return {
    total: done.reduce((sum, s) => sum + s.bytes, 0),
    files: done.map((s) => `${s.url} ${s.bytes} B (${s.body} B of body)`),
  };
}

test('the home page loads at most 150 KB of JavaScript, brotli-compressed', async ({ page }) => {
  const js = await firstLoadJs(page, '/');
  await expect(page.getByRole('heading', { name: 'Create Paste' })).toBeVisible();
  test.info().annotations.push({ type: 'js-transferred', description: `/ ${js.total} B` });
  console.log(`first load of /: ${js.total} B of JavaScript\n  ${js.files.join('\n  ')}`);
  expect(js.total, js.files.join('\n')).toBeLessThanOrEqual(JS_BUDGET_BYTES);
});

test('a paste page loads at most 150 KB of JavaScript before highlighting, brotli-compressed', async ({
  page,
  server,
}) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const { id } = await createPasteApi(server.url, {
    title: 'budget.ts',
    content: 'export const answer: number = 42;\nconsole.log(answer);\n',
  });
  const js = await firstLoadJs(page, `/paste/${id}`);
  await expect(page.getByText('export const answer')).toBeVisible();
  console.log(`first load of /paste/:id: ${js.total} B of JavaScript\n  ${js.files.join('\n  ')}`);
  expect(js.total, js.files.join('\n')).toBeLessThanOrEqual(JS_BUDGET_BYTES);

  // Highlighting runs in a worker started once the text is shown; its script is reported here
  // beside the budget (not yet inside it: see the hardening issue's note).
  await expect.poll(() => workers.length).toBeGreaterThan(0);
  for (const url of workers) {
    const head = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    console.log(
      `then the highlighter worker: ${head.headers.get('content-length')} B (${new URL(url).pathname})`,
    );
  }
});

/**
 * The times themselves are reported (annotation `fast-3g-ms`, printed), never a pass condition
 * (a loaded machine makes any stopwatch flaky). What is asserted is what decides them
 * and does not depend on the machine: the text is in the first HTML with nothing render-blocking
 * before it, its paint is seen on the page's own clock, and the JavaScript moved before it.
 */
test('on Fast 3G a small paste’s text waits for no more than the JavaScript budget', async ({
  page,
  server,
}) => {
  const line = 'a line a person wants to read quickly';
  const { id } = await createPasteApi(server.url, {
    title: 'slow-phone.txt',
    content: `${line}\n`.repeat(16),
  });
  await onFast3g(page);
  const response = await page.goto(`/paste/${id}`, { waitUntil: 'commit' });
  // The text comes with the page itself, not after the JavaScript, and no stylesheet or
  // classic script before it holds its paint back.
  const html = (await response?.text()) ?? '';
  expect(html).toContain(line);
  expect(renderBlocking(html.slice(0, html.indexOf(line)))).toEqual([]);
  const times = await firstPaint(page);
  const ms = Math.round(times.textPaint);
  console.log(
    `Fast 3G: response ended ${Math.round(times.responseEnd)} ms, first paint ${Math.round(times.firstContentfulPaint)} ms, the text painted ${ms} ms after navigation start`,
  );
  test.info().annotations.push({ type: 'fast-3g-ms', description: JSON.stringify(times) });
  // What arrived when: printed with DEBUG_WATERFALL=1 to see what a slow network waits for.
  if (process.env.DEBUG_WATERFALL) {
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map(
          (e) =>
            `${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name}`,
        ),
    );
    console.log(entries.join('\n'));
  }
  const before = await page.evaluate((paintedAt) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= paintedAt) as PerformanceResourceTiming[];
    return {
      requests: entries.length + 1,
      scriptBytes: entries
        .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
        .reduce((n, e) => n + e.transferSize, 0),
    };
  }, ms);
  console.log(`Fast 3G: before the text, ${before.requests} requests, ${before.scriptBytes} B of JavaScript`);
  // The number of requests is printed, not asserted: which lazy requests start before the text
  // depends on timing (14–16 seen). The JavaScript in the way of the text does not.
  expect(before.scriptBytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
});

/** The stylesheets and classic scripts (neither async, deferred nor modules) in `html`: each holds back the paint. */
function renderBlocking(html: string): string[] {
  const tags = html.match(/<link\b[^>]*>|<script\b[^>]*>/g) ?? [];
  return tags.filter((tag) =>
    tag.startsWith('<link')
      ? /\brel="?stylesheet\b/.test(tag) && !/\bmedia="?print\b/.test(tag)
      : /\bsrc=/.test(tag) && !/\b(async|defer)\b|type="?module\b/.test(tag),
  );
}
