import type { Page } from '@playwright/test';
import { expect, snap, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

test.use({ setupCompleted: true });

/** A paste's text is in its page's first HTML, and the app takes over without a jump. */

test('a public paste reads with JavaScript disabled: title, meta line, text and line links', async ({
  browser,
  server,
}) => {
  const { id } = await createPasteApi(server.url, {
    title: 'No script needed',
    content: 'alpha <b>not bold</b>\nbeta\ngamma\n',
  });
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  await page.goto(`/paste/${id}#L2`);
  await expect(page.getByRole('heading', { name: 'No script needed' })).toBeVisible();
  await expect(page.getByText('1 view')).toBeVisible();
  await expect(page.getByTestId('paste-content')).toHaveText(/alpha <b>not bold<\/b>\s*2\s*beta\s*3\s*gamma/);
  await expect(page.locator('#L2')).toBeInViewport();
  // Readable as it is: no notice that the page needs JavaScript.
  await expect(page.locator('noscript')).toHaveCount(0);
  await context.close();
});

test('without JavaScript only what works is shown: Download and Raw as links, no script-only control', async ({
  browser,
  server,
}) => {
  const { id } = await createPasteApi(server.url, { title: 'Links only', content: 'one\ntwo\n' });
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url, viewport });
    const page = await context.newPage();
    await page.goto(`/paste/${id}`);
    await expect(page.getByTestId('paste-content')).toContainText('two');
    const bar = page.getByRole('toolbar', { name: 'Paste actions' });
    await expect(bar.getByRole('link')).toHaveText(['Download', 'Raw']);
    await expect(bar.getByRole('button')).toHaveCount(0);
    // Nor the language menu, Wrap lines, the theme toggle or the phone menu: each needs the app.
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(page.getByRole('button')).toHaveCount(0);
    // The links do what they say without the app.
    const download = await page.request.get(
      (await bar.getByRole('link', { name: 'Download' }).getAttribute('href'))!,
    );
    expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(await download.text()).toBe('one\ntwo\n');
    await snap(page, `paste-no-script-${viewport.width}`, { fullPage: false });
    await context.close();
  }
  // With scripts the same page has them all, from its first paint on (the same markup).
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto(`/paste/${id}`, { waitUntil: 'load' });
  const bar = page.getByRole('toolbar', { name: 'Paste actions' });
  for (const name of ['Copy', 'Share', 'Fork', 'Report'])
    await expect(bar.getByRole('button', { name })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wrap lines' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Switch to (light|dark) theme$/ })).toBeVisible();
  await context.close();
});

test('the app takes over the server’s markup without moving the text', async ({ page, server }) => {
  const content = Array.from({ length: 60 }, (_, i) => `line ${i + 1}: const value = ${i};`).join('\n');
  const { id } = await createPasteApi(server.url, { title: 'Steady', content, language: 'javascript' });
  // Hold the app's code back, to look at the page as the server sent it first.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  type Shifts = { __shifts: Array<{ at: number; value: number }> };
  await page.addInitScript(() => {
    const w = window as unknown as Shifts;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        w.__shifts.push({ at: entry.startTime, value: entry.value });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Not 'domcontentloaded': that waits for module scripts, the very ones held back.
  await page.goto(`/paste/${id}`, { waitUntil: 'commit' });
  const line = page.locator('#L30');
  await expect(line).toContainText('line 30: const value = 29;');
  // The server's own node, marked to tell it from the app's; from here on nothing may move. (Before,
  // a paint in the middle of the streamed HTML may see the header half parsed: that is the network,
  // not the takeover.)
  const markedAt = await line.evaluate((el) => {
    el.setAttribute('data-from-server', '');
    return performance.now();
  });
  const before = await line.boundingBox();
  const created = page.locator('main header time').first();
  const createdText = await created.textContent();
  // The app arrives ten minutes after the HTML, as far as the page's clock knows: its first screen
  // still reckons relative times from the server's render (lib/page-clock.ts), so no label changes.
  await page.clock.setSystemTime(Date.now() + 10 * 60_000);

  release();
  // Taken over: the app's node (unmarked) in its place, and highlighting applied after.
  await expect(page.locator('#L30:not([data-from-server])')).toHaveCount(1);
  await expect(page.locator('#L30 .hljs-keyword').first()).toBeVisible();
  expect(await line.boundingBox()).toEqual(before);
  await expect(created).toHaveText(createdText!);
  const shifts = await page.evaluate(() => (window as unknown as Shifts).__shifts);
  expect(shifts.filter((s) => s.at >= markedAt)).toEqual([]);
});

test('a password paste’s page carries no text until it is unlocked', async ({ browser, server }) => {
  const { id } = await createPasteApi(server.url, {
    privacy: 'password',
    password: 'open-sesame-1',
    content: 'SECRET-MARKER-91',
  });
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  const response = await page.goto(`/paste/${id}`);
  expect(await response?.text()).not.toContain('SECRET-MARKER-91');
  // Not a blank page: it says what it needs. (Playwright's text matching skips <noscript>.)
  const notice = page.locator('noscript p');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText('This page needs JavaScript. Enable it and reload.', {
    useInnerText: true,
  });
  await context.close();
});

/**
 * The page carries only the rules its own markup uses (src/server/plugins/critical-css.ts) and
 * preloads the whole sheet, which the app applies before it draws. What the page carries must style
 * its markup exactly as the whole sheet does, in both themes: every computed property of every
 * element, compared. Custom properties are left out of the comparison: the page carries only those
 * its rules read (a missing one would show in the property that reads it).
 */
test('the styles in the page alone style it as the whole stylesheet does, dark and light', async ({
  browser,
  server,
}) => {
  const { id } = await createPasteApi(server.url, {
    title: 'Styled',
    content: Array.from({ length: 40 }, (_, i) => `row ${i}: ${'x'.repeat(i * 3)}`).join('\n'),
    language: 'javascript',
  });
  const computed = (page: Page) =>
    page.evaluate(() =>
      [...document.body.querySelectorAll('*')].map((el) => {
        const style = getComputedStyle(el);
        const values = [...style]
          .filter((name) => !name.startsWith('--'))
          .map((name) => `${name}: ${style.getPropertyValue(name)}`)
          .sort();
        return { element: `${el.tagName.toLowerCase()}.${el.className}`, values };
      }),
    );
  const linkedSheets = (page: Page) =>
    page.evaluate(() => [...document.styleSheets].filter((s) => s.href).length);
  for (const path of [`/paste/${id}`, '/paste/no-such-paste']) {
    for (const theme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      // The server's page as sent, without the app (early.js, inline, still runs).
      await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto(path, { waitUntil: 'load' });
      expect(await linkedSheets(page)).toBe(0);
      const alone = await computed(page);
      // The whole sheet applied to the same page, as the app applies it (src/web/app/preloaded-styles.ts).
      await page.locator('link[rel="preload"][as="style"]').evaluateAll((links: HTMLLinkElement[]) =>
        Promise.all(
          links.map(
            (link) =>
              new Promise((resolve, reject) => {
                link.addEventListener('load', resolve);
                link.addEventListener('error', reject);
                link.rel = 'stylesheet';
              }),
          ),
        ),
      );
      expect(await linkedSheets(page)).toBeGreaterThan(0);
      const whole = await computed(page);
      await context.close();
      expect(alone.length).toBeGreaterThan(10);
      expect(alone.map((s) => s.element)).toEqual(whole.map((s) => s.element));
      alone.forEach((s, i) => {
        expect(s.values, `${path} (${theme}): ${s.element}`).toEqual(whole[i]!.values);
      });
    }
  }
});
