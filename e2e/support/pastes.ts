import type { Browser, Page } from '@playwright/test';
import { ADMIN, expect } from './fixtures';

export interface CreatedPaste {
  id: string;
  creatorToken?: string;
}

/** Creates a paste through the API (no session: an anonymous paste unless `cookie` is given). */
export async function createPasteApi(
  url: string,
  body: Record<string, unknown>,
  cookie?: string,
): Promise<CreatedPaste> {
  const response = await fetch(`${url}/api/pastes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie, Origin: url } : {}) },
    body: JSON.stringify({ privacy: 'public', expiration: '1d', ...body }),
  });
  if (response.status !== 201)
    throw new Error(`create answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CreatedPaste;
}

/** The session cookie of a user, for API calls made from the test itself. */
export async function sessionCookie(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password, captchaToken: 'captcha-disabled' }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return (response.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** A fresh browser context: another person, with no cookies and no creator tokens. */
export async function newVisitor(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/**
 * Puts text into the editor as a paste would. Playwright's fill() types line by line, which takes
 * Chromium seconds per thousand lines in any textarea, so big texts are set through the DOM.
 */
export async function setEditorText(page: Page, text: string): Promise<void> {
  const editor = page.getByLabel('Paste content');
  if (text.length < 5_000) {
    await editor.fill(text);
    return;
  }
  await editor.evaluate((element, value) => {
    const area = element as HTMLTextAreaElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    setValue?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/** Fills the create screen's editor and options, clicks Create Paste and waits for the paste view. */
export async function createPasteInUi(
  page: Page,
  options: { content: string; title?: string; privacy?: string; password?: string; expiration?: string },
): Promise<string> {
  await page.goto('/');
  await setEditorText(page, options.content);
  if (options.title) await page.getByLabel('Title').fill(options.title);
  if (options.privacy) await page.getByLabel('Privacy').selectOption({ label: options.privacy });
  if (options.password) await page.getByLabel('Password', { exact: true }).fill(options.password);
  if (options.expiration) await page.getByLabel('Expiration').selectOption({ label: options.expiration });
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByTestId('paste-content')).toBeVisible();
  return id;
}

export function lines(count: number, make: (i: number) => string = (i) => `line ${i + 1}`): string {
  return Array.from({ length: count }, (_, i) => make(i)).join('\n');
}

/** Uploads sealed bytes as an encrypted paste through the chunked API, as an API client would. */
export async function uploadSealed(url: string, sealed: Uint8Array, sealedTitle: string): Promise<string> {
  const headers = { Cookie: await sessionCookie(url, ADMIN.username, ADMIN.password), Origin: url };
  const post = async (route: string, body: BodyInit, json = true) => {
    const response = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: json ? { ...headers, 'Content-Type': 'application/json' } : headers,
      body,
    });
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const init = await post(
    '/api/pastes/upload/init',
    JSON.stringify({
      totalChunks: 1,
      totalSize: sealed.length,
      privacy: 'unlisted',
      expiration: '1d',
      encrypted: true,
      sealedTitle,
    }),
  );
  const form = new FormData();
  form.set('uploadId', String(init.uploadId));
  form.set('chunkIndex', '0');
  form.set('chunk', new Blob([sealed.slice()]), 'chunk.pse1');
  await post('/api/pastes/upload/chunk', form, false);
  const { id } = (await post('/api/pastes/upload/finalize', JSON.stringify({ uploadId: init.uploadId }))) as {
    id: string;
  };
  await expect
    .poll(
      async () => {
        const response = await fetch(`${url}/api/pastes/${id}/assembly-progress`);
        return ((await response.json()) as { isComplete: boolean }).isComplete;
      },
      { timeout: 120_000, intervals: [200] },
    )
    .toBe(true);
  return id;
}
