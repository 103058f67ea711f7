import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { MB } from '../src/common/constants';
import { exportKeyText, generateKey, PSE1, sealBytes, sealTitle } from '../src/common/paste-crypto/index';
import { ADMIN, expect, loginInContext, snap, test, toasts } from './support/fixtures';
import { newVisitor, uploadSealed } from './support/pastes';

// Upload File with end-to-end encryption, and the decrypting download in a Worker.
test.use({ setupCompleted: true });

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** In the file, never in anything the server keeps. */
const MARKER = 'E2E-ENCRYPTED-UPLOAD-MARKER-5d1c9a';
const UNDECRYPTABLE = 'This paste could not be decrypted';

/**
 * A 60 MB log on disk (two upload chunks once sealed), the marker on every 1000th line, its hash,
 * its number of lines and its last line.
 */
function markedLog(): { file: string; hash: string; lines: number; lastLine: string } {
  const line = Buffer.from('2026-11-25T18:00:00Z INFO request served in 12 ms — ok ✓\n');
  const marked = Buffer.from(`${MARKER} `.padEnd(line.length - 1, '.').concat('\n'));
  const data = Buffer.alloc(60 * MB, '.');
  for (let at = 0, n = 0; at + line.length <= data.length; at += line.length, n += 1) {
    (n % 1000 === 0 ? marked : line).copy(data, at);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-e2e-encrypted-')), 'secret.log');
  fs.writeFileSync(file, data);
  const lines = data.toString('utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return { file, hash: sha256(data), lines: lines.length, lastLine: lines.at(-1)! };
}

/** Every file under `dir` (the SQLite file, its WAL, the blobs) that holds `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  const found: string[] = [];
  const bytes = Buffer.from(needle);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(full).includes(bytes)) found.push(full);
  }
  return found;
}

/** What this page's decrypting downloads left in the origin's private storage (OPFS). */
function opfsLeftovers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const names: string[] = [];
    try {
      const folder = await root.getDirectoryHandle('pasteshare-decrypted');
      for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys())
        names.push(name);
    } catch {
      // No folder: nothing was ever written.
    }
    return names;
  });
}

/**
 * A new reader opens the link and its View in browser, until the summary shows `lines` lines;
 * what it fetched meanwhile (the sealed table, and any read of the whole paste) is recorded.
 */
async function openViewer(browser: Browser, serverUrl: string, link: URL, lines: number) {
  const viewer = await newVisitor(browser, serverUrl);
  const wholeReads: string[] = [];
  const tableReads: string[] = [];
  viewer.on('request', (request) => {
    if (request.url().includes('/line-table')) tableReads.push(request.url());
    if (request.url().includes('/download') && !request.headers().range) wholeReads.push(request.url());
  });
  await viewer.goto(`${link.pathname}${link.hash}`);
  await viewer.getByRole('button', { name: 'View in browser' }).click();
  await expect(viewer.getByTestId('huge-viewer-summary')).toContainText(
    `${lines.toLocaleString('en')} lines`,
  );
  return { viewer, wholeReads, tableReads };
}

test('a 60 MB file uploaded encrypted: progress, assembly, the link with its key downloads the same bytes, the server keeps only ciphertext', async ({
  page,
  server,
}) => {
  test.setTimeout(600_000);
  const { file, hash, lines, lastLine } = markedLog();
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/');
  await page.getByRole('switch', { name: 'End-to-end encrypted' }).check();
  await page.getByLabel('File to upload').setInputFiles(file);
  const panel = page.getByRole('region', { name: 'Large file' });
  await expect(panel).toContainText('secret.log');
  await expect(panel).toContainText('Encrypted in your browser as it is read');
  await snap(page, 'encrypted-upload-file-chosen');

  await page.getByRole('button', { name: 'Create Paste' }).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading chunks...' });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow').catch(() => '100')), {
      timeout: 120_000,
    })
    .toBeGreaterThan(0);
  await snap(page, 'encrypted-upload-progress');

  await expect(page.getByRole('heading', { name: 'Extremely Large Paste' })).toBeVisible({
    timeout: 120_000,
  });
  const link = new URL(page.url());
  expect(link.pathname).toMatch(/^\/paste\/[A-Za-z0-9_-]+$/);
  expect(link.hash).toMatch(/^#[A-Za-z0-9_-]{43}$/);
  // The title was sealed too: the server shows its placeholder, the page the real one.
  await expect(page.getByRole('heading', { name: 'secret', exact: true })).toBeVisible();
  await snap(page, 'encrypted-upload-extreme');

  // Another person with the whole link: the Worker decrypts it to the very bytes uploaded.
  const reader = await newVisitor(page.context().browser()!, server.url);
  await reader.goto(`${link.pathname}${link.hash}`);
  await expect(reader.getByRole('heading', { name: 'Extremely Large Paste' })).toBeVisible();
  // Every "N% decrypted" the page shows while the Worker runs (a toast updated in place).
  await reader.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { decryptedSteps: string[] }).decryptedSteps = seen;
    new MutationObserver(() => {
      const step = /(\d+)% decrypted/.exec(document.body.innerText)?.[1];
      if (step !== undefined && seen.at(-1) !== step) seen.push(step);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const [download] = await Promise.all([
    reader.waitForEvent('download', { timeout: 120_000 }),
    reader.getByRole('link', { name: 'Download Paste' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^secret\./);
  expect(sha256(fs.readFileSync(await download.path()))).toBe(hash);
  const steps = (
    await reader.evaluate(() => (window as unknown as { decryptedSteps: string[] }).decryptedSteps)
  ).map(Number);
  expect(steps.length).toBeGreaterThan(2);
  expect(steps).toEqual([...steps].sort((x, y) => x - y));
  expect(steps.at(-1)).toBeGreaterThanOrEqual(90);
  await reader.context().close();

  // View in browser opens at once for a new reader: the uploader sealed the line table beside the
  // paste, so no tab reads the paste whole to count its lines.
  const { viewer, wholeReads, tableReads } = await openViewer(
    page.context().browser()!,
    server.url,
    link,
    lines,
  );
  await expect(viewer.locator('[data-line="1"]')).toContainText(MARKER);
  await viewer.getByLabel('Go to line', { exact: true }).fill(String(lines));
  await viewer.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(viewer.locator(`[data-line="${lines}"]`)).toHaveText(`${lines}${lastLine}`);
  await snap(viewer, 'encrypted-upload-viewer-from-table', { fullPage: false });
  expect(tableReads).toHaveLength(1);
  expect(wholeReads).toEqual([]);
  await viewer.context().close();

  // What the server holds, all of it: the marker is nowhere.
  expect(filesHolding(server.dataDir, MARKER)).toEqual([]);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

test('a 12 MB text made encrypted with Create Paste brings its line table: View in browser opens without reading it whole', async ({
  page,
  server,
}) => {
  test.setTimeout(600_000);
  const LINES = 200_000;
  const text = Array.from(
    { length: LINES },
    (_, i) => `line ${i + 1} of a long encrypted log ${'.'.repeat(40)}`,
  ).join('\n');
  expect(Buffer.byteLength(text)).toBeGreaterThan(10 * MB);
  await page.goto('/');
  await page.getByLabel('File to upload').setInputFiles({
    name: 'long.log',
    mimeType: 'text/plain',
    buffer: Buffer.from(text),
  });
  // Loading 14.6 MB into the editor takes a while on a busy machine: wait for its settled state.
  await expect(page.getByRole('region', { name: 'Loaded file' })).toContainText('long.log', {
    timeout: 120_000,
  });
  await expect(page.getByText(/Size: 14\.58 MB/)).toBeVisible({ timeout: 120_000 });
  // Unlisted: the secret check asks only about public pastes, and on a loaded machine its time
  // budget can stop it early, which asks too; this test is about the line table.
  await page.getByLabel('Privacy').selectOption({ label: 'Unlisted' });
  await page.getByRole('switch', { name: 'End-to-end encrypted' }).check();
  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/pastes'))
      creates.push(request.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Create Paste' }).click();
  // Sealing 14.6 MB and its line table takes minutes on a loaded machine: the test's hang guard bounds it.
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+#[A-Za-z0-9_-]{43}$/, { timeout: 0 });
  const link = new URL(page.url());
  // One JSON create, the table in it beside the sealed text.
  expect(creates).toHaveLength(1);
  expect(Object.keys(JSON.parse(creates[0]!))).toEqual(
    expect.arrayContaining(['content', 'sealedLineTable']),
  );

  const { viewer, wholeReads, tableReads } = await openViewer(
    page.context().browser()!,
    server.url,
    link,
    LINES,
  );
  await viewer.getByLabel('Go to line', { exact: true }).fill(String(LINES));
  await viewer.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(viewer.locator(`[data-line="${LINES}"]`)).toContainText(
    `line ${LINES} of a long encrypted log`,
  );
  await snap(viewer, 'encrypted-create-viewer-from-table', { fullPage: false });
  expect(tableReads).toHaveLength(1);
  expect(wholeReads).toEqual([]);
  await viewer.context().close();
});

/** A sealed stream's chunks (header apart), for cutting and splicing. */
function chunksOf(sealed: Uint8Array): { header: Uint8Array; chunks: Uint8Array[] } {
  const size = 2 ** PSE1.DEFAULT_CHUNK_LOG2 + PSE1.TAG_BYTES;
  const chunks: Uint8Array[] = [];
  for (let at = PSE1.HEADER_BYTES; at < sealed.length; at += size)
    chunks.push(sealed.subarray(at, at + size));
  return { header: sealed.subarray(0, PSE1.HEADER_BYTES), chunks };
}

test('chunks reordered, dropped or cut off at the end: the download says it could not be decrypted and keeps nothing', async ({
  browser,
  server,
}) => {
  test.setTimeout(600_000);
  // 12 MiB and a bit: an extreme paste (no content in the view), 13 chunks of which the last is short.
  const plain = new Uint8Array(12 * MB + 1000).map((_, i) => 32 + (i % 90));
  const key = await generateKey();
  const keyText = await exportKeyText(key);
  const sealedTitle = await sealTitle(key, 'tampered');
  const { header, chunks } = chunksOf(await sealBytes(key, plain));
  expect(chunks).toHaveLength(13);
  const join = (parts: Uint8Array[]) => Buffer.concat([header, ...parts]);
  const streams = {
    reordered: join([chunks[0]!, chunks[2]!, chunks[1]!, ...chunks.slice(3)]),
    'a chunk dropped': join([...chunks.slice(0, 5), ...chunks.slice(6)]),
    'the last chunk dropped': join(chunks.slice(0, -1)),
  };
  const page = await newVisitor(browser, server.url);
  let downloads = 0;
  page.on('download', () => {
    downloads += 1;
  });
  for (const [name, sealed] of Object.entries(streams)) {
    await test.step(name, async () => {
      const id = await uploadSealed(server.url, sealed, sealedTitle);
      await page.goto(`/paste/${id}#${keyText}`);
      // The title opens (the key is right), so the paste is offered; its text does not.
      await expect(page.getByRole('heading', { name: 'Extremely Large Paste' })).toBeVisible();
      await page.getByRole('link', { name: 'Download Paste' }).click();
      await expect(toasts(page).getByText(UNDECRYPTABLE)).toBeVisible({ timeout: 120_000 });
      expect(await opfsLeftovers(page)).toEqual([]);
    });
  }
  await snap(page, 'encrypted-download-undecryptable');
  expect(downloads).toBe(0);
  await page.context().close();
});
