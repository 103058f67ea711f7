import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { setEditorText } from './support/pastes';

test.use({ setupCompleted: true });

// Fake credentials built at run time, so this file itself holds none (the corpus test scans it).
const GITHUB_TOKEN = `ghp_${'a1B2c3D4e5F6'.repeat(3)}`;
const AWS_KEY = `AKIA${'Q7RT2WXZ'.repeat(2)}`;
const LEAKY = [
  '# deploy notes',
  `curl -H "Authorization: token ${GITHUB_TOKEN}" https://api.github.com/user`,
  'region: eu-west-1',
  AWS_KEY,
  '',
].join('\n');

/** Every POST /api/pastes the page sends, counted from the moment this is called. */
function watchCreates(page: Page): { count: () => number } {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/pastes') sent += 1;
  });
  return { count: () => sent };
}

/** The create screen with `content` and a title, privacy as chosen, then Create Paste pressed. */
async function pressCreate(page: Page, content: string, privacy = 'Public'): Promise<void> {
  await page.goto('/');
  await setEditorText(page, content);
  await page.getByLabel('Title').fill('Deploy notes');
  await page.getByLabel('Privacy').selectOption({ label: privacy });
  await page.getByRole('button', { name: 'Create Paste' }).click();
}

/** The stored paste as a stranger reads it through the API. */
async function stored(
  url: string,
  id: string,
): Promise<{ privacy: string; title: string; content?: string }> {
  const response = await fetch(`${url}/api/pastes/${id}`);
  expect(response.ok).toBe(true);
  return response.json();
}

async function createdId(page: Page): Promise<string> {
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

test('a public paste with a token and a key is held back and named, line by line', async ({ page }) => {
  const creates = watchCreates(page);
  await pressCreate(page, LEAKY);
  const dialog = page.getByRole('dialog', { name: 'This paste may contain secrets' });
  await expect(dialog).toBeVisible();
  const findings = dialog.getByRole('list', { name: 'Likely secrets' }).getByRole('listitem');
  await expect(findings).toHaveText(['GitHub token — line 2', 'AWS access key — line 4']);
  // The safest way on first, the riskiest last.
  await expect(dialog.getByRole('button', { name: /^(?!Close)/ })).toHaveText([
    'Encrypt end-to-end',
    'Make it unlisted',
    'Protect with a password',
    'Publish anyway',
  ]);
  await expect(dialog.getByRole('button', { name: 'Encrypt end-to-end' })).toBeFocused();
  expect(creates.count()).toBe(0);
  await page.screenshot({ path: 'test-results/secret-dialog.png' });

  // Escape: back to the editor, nothing sent, the form as it was.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Paste content')).toHaveValue(LEAKY);
  await expect(page.getByLabel('Title')).toHaveValue('Deploy notes');
  await expect(page.getByLabel('Privacy')).toHaveValue('public');
  await expect(page.getByRole('button', { name: 'Create Paste' })).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
  expect(creates.count()).toBe(0);

  // The × button too: closed, nothing sent.
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(creates.count()).toBe(0);
});

test('the scanner is fetched on the first public create, not with the home page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Create Paste' })).toBeVisible();
  expect(scripts.filter((s) => s.includes('secret-scan'))).toEqual([]);

  await setEditorText(page, LEAKY);
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await expect(page.getByRole('dialog', { name: 'This paste may contain secrets' })).toBeVisible();
  expect(scripts.filter((s) => s.includes('secret-scan'))).toHaveLength(1);
});

test('privacy changed while the scanner loads: neither the warning nor a public paste', async ({ page }) => {
  const creates = watchCreates(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const scannerRequested = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await page.route('**/assets/secret-scan-*.js', async (route) => {
    requested();
    await held;
    await route.continue();
  });
  await pressCreate(page, LEAKY);
  await scannerRequested;
  await page.getByLabel('Privacy').selectOption({ label: 'Unlisted' });
  const loaded = page.waitForEvent('requestfinished', (r) => r.url().includes('/secret-scan-'));
  release();
  await loaded;
  // The scan ends and is dropped: no dialog, nothing sent, the form as the author left it. (Nothing
  // in the page marks a dropped scan; half a second is many times what the scan of 5 lines takes.)
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(creates.count()).toBe(0);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Create Paste' }).click();
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+$/);
  expect(creates.count()).toBe(1);
  await expect(page.getByTestId('privacy-badge')).toHaveText('Unlisted');
});

test('the warning in the light theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await pressCreate(page, LEAKY);
  await expect(page.getByRole('dialog', { name: 'This paste may contain secrets' })).toBeVisible();
  await page.screenshot({ path: 'test-results/secret-dialog-light.png' });
});

test('many findings: ten are named, the rest counted', async ({ page }) => {
  const content = Array.from({ length: 13 }, (_, i) => `key ${i}: AKIA${String(i).padStart(16, '7')}`).join(
    '\n',
  );
  await pressCreate(page, content);
  const dialog = page.getByRole('dialog', { name: 'This paste may contain secrets' });
  const findings = dialog.getByRole('list', { name: 'Likely secrets' }).getByRole('listitem');
  await expect(findings).toHaveCount(11);
  await expect(findings.first()).toHaveText('AWS access key — line 1');
  await expect(findings.last()).toHaveText('and 3 more');
});

test('the warning on a phone, with many findings', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const content = Array.from({ length: 13 }, (_, i) => `key ${i}: AKIA${String(i).padStart(16, '7')}`).join(
    '\n',
  );
  await pressCreate(page, content);
  const dialog = page.getByRole('dialog', { name: 'This paste may contain secrets' });
  await expect(dialog.getByRole('button', { name: 'Publish anyway' })).toBeInViewport();
  await page.screenshot({ path: 'test-results/secret-dialog-mobile.png' });
});

test('"Encrypt end-to-end" creates it encrypted: the server never holds the text, the link carries the key', async ({
  page,
  server,
}) => {
  const creates = watchCreates(page);
  await pressCreate(page, LEAKY);
  await page.getByRole('button', { name: 'Encrypt end-to-end' }).click();
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+#[A-Za-z0-9_-]{43}$/);
  expect(creates.count()).toBe(1);
  await expect(page.getByTestId('encrypted-badge')).toBeVisible();
  await expect(page.getByTestId('paste-content')).toContainText(AWS_KEY);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const view = await (await fetch(`${server.url}/api/pastes/${id}`)).json();
  expect(view).toMatchObject({ encrypted: true, privacy: 'public' });
  expect(JSON.stringify(view)).not.toContain(AWS_KEY);
  expect(JSON.stringify(view)).not.toContain('Deploy notes');
  // Back on the create screen the switch is on: the warning offers encryption no more.
  await page.goto('/');
  await setEditorText(page, LEAKY);
  await page.getByRole('switch', { name: 'End-to-end encrypted' }).check();
  await page.getByRole('button', { name: 'Create Paste' }).click();
  const dialog = page.getByRole('dialog', { name: 'This paste may contain secrets' });
  await expect(dialog.getByRole('button', { name: 'Make it unlisted' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Encrypt end-to-end' })).toHaveCount(0);
});

test('"Make it unlisted" creates the paste unlisted', async ({ page, server }) => {
  const creates = watchCreates(page);
  await pressCreate(page, LEAKY);
  await page.getByRole('button', { name: 'Make it unlisted' }).click();
  const id = await createdId(page);
  expect(creates.count()).toBe(1);
  await expect(page.getByTestId('privacy-badge')).toHaveText('Unlisted');
  const paste = await stored(server.url, id);
  expect(paste).toMatchObject({ privacy: 'unlisted', title: 'Deploy notes', content: LEAKY });
});

test('"Protect with a password" waits for the password, then creates a protected paste', async ({
  page,
  server,
}) => {
  const creates = watchCreates(page);
  await pressCreate(page, LEAKY);
  await page.getByRole('button', { name: 'Protect with a password' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByLabel('Privacy')).toHaveValue('password');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await expect(page.getByLabel('Paste content')).toHaveValue(LEAKY);
  expect(creates.count()).toBe(0);
  await page.screenshot({ path: 'test-results/secret-password-chosen.png' });

  await page.keyboard.type('correct horse');
  await page.getByRole('button', { name: 'Create Paste' }).click();
  const id = await createdId(page);
  expect(creates.count()).toBe(1);
  await expect(page.getByTestId('privacy-badge')).toHaveText('Password');
  const paste = await stored(server.url, id);
  expect(paste.privacy).toBe('password');
  // A stranger without the password gets no content.
  expect(paste.content ?? '').not.toContain(GITHUB_TOKEN);
  const unlocked = await fetch(`${server.url}/api/pastes/${id}/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: 'correct horse' }),
  });
  expect(unlocked.ok, await unlocked.clone().text()).toBe(true);
  expect(((await unlocked.json()) as { content: string }).content).toBe(LEAKY);
});

test('"Publish anyway" creates it public, as it is', async ({ page, server }) => {
  await pressCreate(page, LEAKY);
  await page.getByRole('button', { name: 'Publish anyway' }).click();
  const id = await createdId(page);
  await expect(page.getByTestId('privacy-badge')).toHaveText('Public');
  const paste = await stored(server.url, id);
  expect(paste).toMatchObject({ privacy: 'public', content: LEAKY });
});

test('an unlisted paste with the same text, and ordinary code, are created without a warning', async ({
  page,
  server,
}) => {
  await pressCreate(page, LEAKY, 'Unlisted');
  const unlisted = await createdId(page);
  expect((await stored(server.url, unlisted)).privacy).toBe('unlisted');

  const code =
    'const token = process.env.GITHUB_TOKEN;\nexport function add(a: number, b: number) {\n  return a + b;\n}\n';
  const creates = watchCreates(page);
  await pressCreate(page, code);
  const id = await createdId(page);
  expect(creates.count()).toBe(1);
  await expect(page.getByTestId('paste-content')).toContainText('return a + b;');
  expect(await stored(server.url, id)).toMatchObject({ privacy: 'public', content: code });
});

test('a public paste longer than the check reads is held back too, saying where the check stopped', async ({
  page,
  server,
}) => {
  // 10.5 million characters of plain code: the check reads the first 10 MB (10,485,760) of them.
  const content = 'x = 1\n'.repeat(1_750_000);
  const creates = watchCreates(page);
  await pressCreate(page, content);
  const dialog = page.getByRole('dialog', { name: 'This paste was only partly checked for secrets' });
  await expect(dialog).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByTestId('secret-check-incomplete')).toHaveText(
    'The check stopped after line 1,747,626 (it reads at most 10 MB, for at most 3 seconds): the lines after it were not looked at.',
  );
  expect(creates.count()).toBe(0);
  await page.screenshot({ path: 'test-results/secret-dialog-incomplete.png' });
  await dialog.getByRole('button', { name: 'Publish anyway' }).click();
  const id = await createdId(page);
  expect(creates.count()).toBe(1);
  expect((await stored(server.url, id)).privacy).toBe('public');
});
