import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MB } from '../src/common/constants';
import { ADMIN, expect, loginInContext, snap, test, toasts } from './support/fixtures';

// A pause in each assembly step, so the processing screen can be seen before the paste is ready.
test.use({ setupCompleted: true, serverEnv: { TEST_ASSEMBLY_PAUSE_MS: '40' } });

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A 60 MB log file on disk (two chunks of 40 MB), and its hash. */
function logFile(): { file: string; hash: string } {
  const line = Buffer.from('2026-11-24T11:00:00Z INFO request served in 12 ms — ok ✓\n');
  const data = Buffer.alloc(60 * MB, '.');
  for (let at = 0; at + line.length <= data.length; at += line.length) line.copy(data, at);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-e2e-upload-')), 'service.log');
  fs.writeFileSync(file, data);
  return { file, hash: sha256(data) };
}

test('a visitor is told to log in before uploading a file over 50 MB', async ({ page }) => {
  const { file } = logFile();
  await page.goto('/');
  await page.getByLabel('File to upload').setInputFiles(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  await expect(
    toasts(page).getByText('You need to create an account or login to upload large files'),
  ).toBeVisible();
  await expect(page.getByLabel('Paste content')).toBeVisible();
});

test('a 60 MB log uploads in chunks, assembles, and downloads byte for byte', async ({ page }) => {
  const { file, hash } = logFile();
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/');
  await page.getByLabel('File to upload').setInputFiles(file);
  const panel = page.getByRole('region', { name: 'Large file' });
  await expect(panel).toContainText('service.log');
  await expect(panel).toContainText('60.00 MB — uploaded in 2 parts (one of 40 MB, one of 20.00 MB)');
  await expect(page.getByLabel('Title')).toHaveValue('service');
  await page.getByLabel('Tags').fill('logs, prod');
  await snap(page, 'chunked-upload-file-chosen');

  await page.getByRole('button', { name: 'Create Paste' }).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading chunks...' });
  await expect(bar).toBeVisible();
  // Real byte progress: the bar moves through values before the upload is done.
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow').catch(() => '100')), {
      timeout: 120_000,
    })
    .toBeGreaterThan(0);
  await snap(page, 'chunked-upload-progress');

  await expect(page.getByRole('heading', { name: 'Processing Paste' })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('progressbar', { name: 'Assembling...' })).toBeVisible();
  await snap(page, 'chunked-upload-processing');

  await expect(page.getByRole('heading', { name: 'Extremely Large Paste' })).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.getByText('This paste is 60.00 MB')).toBeVisible();
  await snap(page, 'chunked-upload-extreme');
  const id = new URL(page.url()).pathname.split('/').pop();
  expect((await (await page.request.get(`/api/pastes/${id}`)).json()).tags).toEqual(['logs', 'prod']);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Paste' }).click(),
  ]);
  const saved = await download.path();
  expect(sha256(fs.readFileSync(saved))).toBe(hash);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

/** Signs in as admin, watches for cancel calls, and starts uploading `file` from the create screen. */
async function startUpload(page: Page, file: string): Promise<{ cancelled: () => boolean }> {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  let cancelled = false;
  await page.route('**/api/pastes/upload/cancel', (route) => {
    cancelled = true;
    return route.continue();
  });
  await page.goto('/');
  await page.getByLabel('File to upload').setInputFiles(file);
  await page.getByRole('button', { name: 'Create Paste' }).click();
  return { cancelled: () => cancelled };
}

test('a chunk the proxy times out is tried once more, then named in the error, and the upload cancelled', async ({
  page,
}) => {
  const { file } = logFile();
  let chunkCalls = 0;
  await page.route('**/api/pastes/upload/chunk', (route) => {
    chunkCalls += 1;
    return route.fulfill({ status: 504, body: 'Gateway Timeout' });
  });
  const upload = await startUpload(page, file);
  await expect(toasts(page).getByText('Upload failed', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(
    toasts(page).getByText(/^Upload timeout - chunk 1 of 2 failed\. Your proxy\/CDN may have timeout limits/),
  ).toBeVisible();
  expect(chunkCalls).toBe(2);
  expect(upload.cancelled()).toBe(true);
  // The file stays chosen: the person can try again.
  await expect(page.getByRole('region', { name: 'Large file' })).toBeVisible();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

test('a finalize the proxy answers 502 says the upload may have succeeded, and cancels nothing', async ({
  page,
}) => {
  const { file } = logFile();
  await page.route('**/api/pastes/upload/finalize', (route) =>
    route.fulfill({ status: 502, body: 'Bad Gateway' }),
  );
  const upload = await startUpload(page, file);
  await expect(toasts(page).getByText('Upload may have succeeded', { exact: true })).toBeVisible({
    timeout: 120_000,
  });
  await expect(toasts(page).getByText(/the paste was likely created/)).toBeVisible();
  expect(upload.cancelled()).toBe(false);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});
