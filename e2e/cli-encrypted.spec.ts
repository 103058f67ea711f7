import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { EXTREME_PASTE_BYTES } from '../src/common/constants';
import { startTcpProxy } from '../test/helpers/tcp-proxy';
import { expect, snap, test } from './support/fixtures';
import { newVisitor, setEditorText } from './support/pastes';

// The command-line client and the browser read each other's end-to-end encrypted pastes, byte for
// byte, and neither sends the key anywhere.
test.use({ setupCompleted: true });

const root = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-e2e-cli-'));
const BIN = path.join(scratch, 'pasteshare.mjs');

test.beforeAll(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'cli', 'build.mjs'), '--outfile', BIN], {
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
});
test.afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The CLI as its users run it, with a home of its own and no key (a visitor's pastes). */
async function pasteshare(
  args: string[],
  input?: string | Buffer,
): Promise<{ code: number | null; out: Buffer; err: string }> {
  const home = fs.mkdtempSync(path.join(scratch, 'home-'));
  const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: home, XDG_STATE_HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin!.end(input ?? '');
  const out: Buffer[] = [];
  let err = '';
  child.stdout!.on('data', (d: Buffer) => out.push(d));
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const code = await new Promise<number | null>((r) => child.once('close', r));
  return { code, out: Buffer.concat(out), err };
}

/** What every request of a page sent that could carry a key: URLs, Referers and bodies. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    seen.push(request.url(), request.headers().referer ?? '', request.postData() ?? '');
  });
  return seen;
}

/** A proxy to the server that keeps every byte the CLI sends through it. */
async function recordingProxy(serverUrl: string) {
  const sent: Buffer[] = [];
  const proxy = await startTcpProxy('127.0.0.1', Number(new URL(serverUrl).port), {
    onUplink: (bytes) => sent.push(Buffer.from(bytes)),
  });
  return { url: `http://127.0.0.1:${proxy.port}`, sent: () => Buffer.concat(sent).toString('latin1'), proxy };
}

/** Text a textarea keeps as it is: no CR (a form turns CRLF into LF), everything else. */
const TEXT = `Grüße, ❤ 😀 — ${randomBytes(4).toString('hex')}\n\ttabbed line   \n${'long '.repeat(300)}\nno final newline`;

test('a paste made encrypted in the browser is read by the CLI, byte for byte, with the key from its link', async ({
  page,
  server,
}) => {
  const requests = recordRequests(page);
  await page.goto('/');
  await setEditorText(page, TEXT);
  await page.getByLabel('Title').fill('from the browser');
  await page.getByRole('switch', { name: 'End-to-end encrypted' }).check();
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('paste-content')).toContainText('no final newline');
  const link = page.url();
  const key = new URL(link).hash.slice(1);

  const recorder = await recordingProxy(server.url);
  try {
    const viaProxy = link.replace(server.url, recorder.url);
    const read = await pasteshare(['get', viaProxy]);
    expect(read.err).toBe('');
    expect(read.code).toBe(0);
    expect(read.out.equals(Buffer.from(TEXT))).toBe(true);
    // Without its key, the CLI says what is missing and prints nothing.
    const keyless = await pasteshare(['get', viaProxy.split('#')[0]!]);
    expect(keyless).toMatchObject({
      code: 1,
      err: "pasteshare: end-to-end encrypted: the link's #key is missing\n",
    });
    expect(keyless.out.length).toBe(0);
    expect(recorder.sent()).toContain('/raw HTTP/1.1');
    expect(recorder.sent()).not.toContain(key);
  } finally {
    await recorder.proxy.close();
  }
  expect(requests.filter((sent) => sent.includes(key))).toEqual([]);
});

test('a paste the CLI encrypts is read in the browser: its title, its text, and a download of the same bytes', async ({
  page,
  server,
}) => {
  const recorder = await recordingProxy(server.url);
  let link: string;
  try {
    const made = await pasteshare(['--e2e', '--title', 'from the terminal', '--url', recorder.url], TEXT);
    expect(made).toMatchObject({ code: 0, err: '' });
    link = made.out.toString().trim().replace(recorder.url, server.url);
    expect(link).toMatch(/\/paste\/[A-Za-z0-9_-]+#[A-Za-z0-9_-]{43}$/);
    expect(recorder.sent()).not.toContain(new URL(link).hash.slice(1));
  } finally {
    await recorder.proxy.close();
  }
  const key = new URL(link).hash.slice(1);
  const requests = recordRequests(page);
  await page.goto(link.replace(server.url, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'from the terminal' })).toBeVisible();
  await expect(page.getByTestId('encrypted-badge')).toHaveText('End-to-end encrypted');
  await expect(page.getByTestId('paste-content')).toContainText('tabbed line');
  await snap(page, 'cli-encrypted-in-browser');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(fs.readFileSync((await download.path())!).equals(Buffer.from(TEXT))).toBe(true);
  expect(requests.filter((sent) => sent.includes(key))).toEqual([]);
});

test('a CLI-encrypted paste over 10 MB opens in the huge viewer with the line table it sent, read by ranges', async ({
  page,
  server,
}) => {
  test.setTimeout(600_000);
  const line = (n: number) => `${String(n).padStart(7, '0')} INFO café € 😀 served in ${n % 97} ms`;
  const count = 250_000;
  const text = Array.from({ length: count }, (_, i) => line(i + 1)).join('\n');
  expect(Buffer.byteLength(text)).toBeGreaterThan(EXTREME_PASTE_BYTES);
  const made = await pasteshare(['--e2e', '--title', 'big.log', '--url', server.url], text);
  expect(made).toMatchObject({ code: 0, err: '' });
  const link = new URL(made.out.toString().trim());

  const viewer = await newVisitor(page.context().browser()!, server.url);
  const tableReads: string[] = [];
  const wholeReads: string[] = [];
  viewer.on('request', (request) => {
    if (request.url().includes('/line-table')) tableReads.push(request.url());
    if (request.url().includes('/download') && !request.headers().range) wholeReads.push(request.url());
  });
  await viewer.goto(`${link.pathname}${link.hash}&L150000`);
  await expect(viewer.locator('[data-line="150000"]')).toHaveText(`150000${line(150_000)}`, {
    timeout: 120_000,
  });
  await expect(viewer.getByTestId('huge-viewer-summary')).toContainText(
    `${count.toLocaleString('en')} lines`,
  );
  await snap(viewer, 'cli-encrypted-huge-viewer', { fullPage: false });
  // The table the CLI counted and sealed was read; the paste was never read whole to count it.
  expect(tableReads.length).toBeGreaterThan(0);
  expect(wholeReads).toEqual([]);
  await viewer.context().close();
});
