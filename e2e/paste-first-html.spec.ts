import { expect, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

test.use({ setupCompleted: true });

/** Issue 22: a paste's text is in its page's first HTML, and the app takes over without a jump. */

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
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number };
    w.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        w.__shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Not 'domcontentloaded': that waits for module scripts, the very ones held back.
  await page.goto(`/paste/${id}`, { waitUntil: 'commit' });
  const line = page.locator('#L30');
  await expect(line).toContainText('line 30: const value = 29;');
  // The server's own node, marked to tell it from the app's.
  await line.evaluate((el) => el.setAttribute('data-from-server', ''));
  const before = await line.boundingBox();

  release();
  // Taken over: the app's node (unmarked) in its place, and highlighting applied after.
  await expect(page.locator('#L30:not([data-from-server])')).toHaveCount(1);
  await expect(page.locator('#L30 .hljs-keyword').first()).toBeVisible();
  expect(await line.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts)).toBe(0);
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
  await context.close();
});
