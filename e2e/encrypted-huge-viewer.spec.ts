import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { EXTREME_PASTE_BYTES } from '../src/common/constants';
import { exportKeyText, generateKey, sealBytes, sealTitle } from '../src/common/paste-crypto/index';
import { axeViolations } from './support/axe';
import { expect, snap, test } from './support/fixtures';
import { newVisitor, uploadSealed } from './support/pastes';

test.use({ setupCompleted: true });

// An end-to-end encrypted paste over 10 MB read in the huge-paste viewer, its
// lines decrypted in the tab (the server cannot read them: its /lines and /search answer 409).

/** Line n of the log: its number, and 2-, 3- and 4-byte characters that some chunk edges cut. */
function lineText(n: number): string {
  return `${String(n).padStart(9, '0')} INFO café worker € 😀 GET /api/items 200 in ${n % 97} ms`;
}

/** ~13 MB of numbered lines (no final newline), the marker on one line near the end. */
const LINES = 190_000;
const MARKER_LINE = LINES - 123;

function logText(marker: string): string {
  const lines: string[] = [];
  for (let n = 1; n <= LINES; n += 1)
    lines.push(n === MARKER_LINE ? `${lineText(n)} ${marker}` : lineText(n));
  return lines.join('\n');
}

const row = (page: Page, n: number) => page.locator(`[data-line="${n}"]`);

test('an encrypted 13 MB paste is read in the browser: count, lines, jump, a #key&L link, search; the key never leaves', async ({
  page,
  server,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const marker = `MARKER-${randomBytes(6).toString('hex')}`;
  const plain = new TextEncoder().encode(logText(marker));
  expect(plain.length).toBeGreaterThan(EXTREME_PASTE_BYTES);
  const key = await generateKey();
  const keyText = await exportKeyText(key);
  const id = await uploadSealed(server.url, await sealBytes(key, plain), await sealTitle(key, 'secret.log'));

  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  // The counting read is held back a moment, so that its progress is seen.
  let wholeReads = 0;
  await page.route(`**/api/pastes/${id}/download*`, async (route) => {
    if (!route.request().headers().range) {
      wholeReads += 1;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    await route.continue();
  });

  await test.step('View in browser: the lines are counted while decrypting, then shown', async () => {
    await page.goto(`/paste/${id}#${keyText}`);
    await expect(page.getByRole('heading', { name: 'Extremely Large Paste' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'secret.log' })).toBeVisible();
    // At 2 MB/s the count takes seconds, as a large paste's does: its first lines show meanwhile.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 2 * 1024 * 1024,
      uploadThroughput: -1,
    });
    await page.getByRole('button', { name: 'View in browser' }).click();
    await expect(page.getByRole('progressbar', { name: 'Decrypting to count lines' })).toBeVisible();
    const preview = page.getByRole('region', { name: 'First lines' });
    await expect(preview.getByRole('listitem').first()).toHaveText(`1${lineText(1)}`);
    await expect(preview.getByRole('listitem')).toHaveCount(100);
    await expect(preview.getByRole('listitem').nth(99)).toHaveText(`100${lineText(100)}`);
    expect(await axeViolations(page), 'counting, with the first lines').toEqual([]);
    await snap(page, 'encrypted-huge-viewer-counting', { fullPage: false });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
    await expect(page.getByTestId('huge-viewer-summary')).toContainText(
      `${LINES.toLocaleString('en')} lines`,
      { timeout: 120_000 },
    );
    await expect(page.getByTestId('huge-viewer-summary')).toContainText('decrypted in your browser');
    await expect(row(page, 1)).toHaveText(`1${lineText(1)}`);
    await expect(row(page, 2)).toHaveText(`2${lineText(2)}`);
    await expect(page.getByTestId('huge-viewer-status')).toContainText(`of ${LINES.toLocaleString('en')}`);
    expect(await axeViolations(page), 'the viewer').toEqual([]);
    await snap(page, 'encrypted-huge-viewer', { fullPage: false });
  });

  await test.step('Go to line past the end lands on the last line; the hash keeps the key', async () => {
    await page.getByLabel('Go to line', { exact: true }).fill(String(LINES + 100));
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    const last = row(page, LINES);
    await expect(last).toHaveText(`${LINES}${lineText(LINES)}`);
    await expect(last).toBeInViewport();
    await expect(last).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(new RegExp(`#${keyText}&L${LINES}$`));
    // A line number's link carries the key too.
    await expect(page.getByRole('link', { name: `Line ${LINES - 1}`, exact: true })).toHaveAttribute(
      'href',
      `#${keyText}&L${LINES - 1}`,
    );
  });

  await test.step('search finds the marker near the end; stepping lands on it', async () => {
    await page.getByLabel('Go to line', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search in paste' }).fill(marker);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const summary = page.getByTestId('search-summary');
    const nextButton = page.getByRole('button', { name: 'Next', exact: true });
    // As the server's, the browser's search stops after a while on a loaded machine ("0+"): Next
    // or More results continue it from there.
    await expect(async () => {
      const more = page.getByRole('button', { name: 'More results' });
      if ((await summary.textContent())?.includes('+')) {
        if (await nextButton.isEnabled()) await nextButton.click();
        else if (await more.isEnabled()) await more.click();
      }
      await expect(summary).toHaveText('1 of 1 match', { timeout: 2_000 });
    }).toPass({ timeout: 120_000 });
    const matches = page.getByRole('list', { name: 'Matches' });
    await expect(matches).toContainText(`Line ${MARKER_LINE.toLocaleString('en')}`);
    await expect(matches).toContainText(`${lineText(MARKER_LINE)} ${marker}`);
    const hit = row(page, MARKER_LINE);
    await expect(hit).toBeInViewport();
    await expect(hit).toHaveAttribute('data-search-hit', 'current');
    await expect(hit.locator('mark')).toHaveText(marker);
    await snap(page, 'encrypted-huge-viewer-search', { fullPage: false });
  });

  await test.step('a #key&L link opens the viewer at that line, selected, in a fresh page', async () => {
    const target = 123_456;
    const reader = await newVisitor(browser, baseURL!);
    reader.on('request', (request) => urls.push(request.url()));
    // This reader has the light theme (the first page above the dark one): axe in both.
    await reader.addInitScript(() => localStorage.setItem('theme', 'light'));
    await reader.goto(`/paste/${id}#${keyText}&L${target}`);
    const line = row(reader, target);
    await expect(line).toHaveText(`${target}${lineText(target)}`, { timeout: 120_000 });
    await expect(reader.locator('html')).not.toHaveClass(/dark/);
    expect(await axeViolations(reader), 'the viewer, light theme').toEqual([]);
    await expect(line).toBeInViewport();
    await expect(line).toHaveAttribute('aria-current', 'true');
    await reader.getByRole('link', { name: `Line ${target + 2}`, exact: true }).click();
    await expect(reader).toHaveURL(new RegExp(`#${keyText}&L${target + 2}$`));
    await expect(row(reader, target + 2)).toHaveAttribute('aria-current', 'true');
    // Close keeps the key (the paste stays open), only the line goes.
    await reader.getByRole('button', { name: 'Close viewer' }).click();
    await expect(reader).toHaveURL(new RegExp(`/paste/${id}#${keyText}$`));
    await expect(reader.getByRole('button', { name: 'View in browser' })).toBeVisible();
    await reader.context().close();
  });

  await test.step('a reload in the same tab opens the viewer without reading the paste again', async () => {
    expect(wholeReads).toBe(1);
    await page.goto(`/paste/${id}#${keyText}&L${MARKER_LINE}`);
    await page.reload();
    await expect(row(page, MARKER_LINE)).toContainText(marker, { timeout: 120_000 });
    await expect(row(page, MARKER_LINE)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('huge-viewer-summary')).toContainText(
      `${LINES.toLocaleString('en')} lines`,
    );
    // The counted table was remembered by this tab: only the chunks shown were fetched, by Range.
    expect(wholeReads).toBe(1);
  });

  await test.step('the server still refuses lines and search; the key was in no request', async () => {
    expect((await fetch(`${server.url}/api/pastes/${id}/lines?from=1&count=5`)).status).toBe(409);
    expect((await fetch(`${server.url}/api/pastes/${id}/search?q=${marker}`)).status).toBe(409);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => url.includes(keyText))).toEqual([]);
    // The lines came by ranges of the sealed stream, not from the server's line reader.
    expect(urls.some((url) => url.includes(`/api/pastes/${id}/download`))).toBe(true);
    expect(urls.filter((url) => /\/lines\?|\/search\?/.test(url))).toEqual([]);
  });
});
