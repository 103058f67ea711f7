import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, loginInContext, registerUser, snap, test } from './support/fixtures';

test.use({ setupCompleted: true });

const AUTHOR = { username: 'filesauthor', password: 'password-123' };

const APP = 'def greet(name):\n    return f"Hello, {name}"\n\nprint(greet("world"))\n';
const README = '# Multi notes\n\nSome **bold** words.\n';
const NOTES = 'ünïcode notes\nsecond line\n';
const EXTRA = 'export const answer = 42;\n';

/** Fills file `index` (0-based) of the form: its name and its text. */
async function fillFile(page: Page, index: number, name: string, content: string) {
  await page.getByLabel(`File ${index + 1} name`).fill(name);
  await page.getByLabel(`File ${index + 1} content`).fill(content);
}

/** The files' names as the paste's table of contents lists them. */
function contents(page: Page) {
  return page.getByRole('navigation', { name: 'Files' }).getByRole('link');
}

test('a three-file paste: made in the form, read with its contents, raw, zip, line links, edited to a fourth file', async ({
  page,
  server,
}, testInfo) => {
  await registerUser(server.url, AUTHOR.username, AUTHOR.password);
  await loginInContext(page, AUTHOR.username, AUTHOR.password);

  // The single editor's text becomes file 1 once "Add file" is pressed.
  await page.goto('/');
  await page.getByLabel('Paste content').fill(APP);
  await page.getByRole('button', { name: 'Add file' }).click();
  await expect(page.getByTestId('editor-file')).toHaveCount(2);
  await expect(page.getByLabel('File 1 content')).toHaveValue(APP);
  await page.getByRole('button', { name: 'Add file' }).click();
  await expect(page.getByTestId('file-count')).toHaveText('3 of 20 files');

  // Two files may not share a name: said under the second, nothing is sent.
  await fillFile(page, 0, 'app.py', APP);
  await fillFile(page, 1, 'APP.py', README);
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await expect(page.getByText('Two files cannot share a name.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await fillFile(page, 1, 'README.md', README);
  await fillFile(page, 2, 'notes.txt', NOTES);
  // The language follows the name unless one is chosen.
  await expect(page.getByLabel('File 1 language').locator('option:checked')).toHaveText('Auto (python)');
  await snap(page, 'multi-file-create');
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';

  // The view: a table of contents, then each file under its header.
  await expect(contents(page)).toHaveText(['app.py', 'README.md', 'notes.txt']);
  await expect(page.getByRole('heading', { name: 'app.py', level: 2 })).toBeVisible();
  await expect(page.locator('#file-app-py')).toContainText('return f"Hello, {name}"');
  await expect(page.locator('#file-notes-txt')).toContainText('ünïcode notes');
  // README.md renders as Markdown by its own name.
  await expect(
    page.locator('#file-readme-md .rendered-markdown').getByRole('heading', { name: 'Multi notes' }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await contents(page).nth(2).click();
  await expect(page).toHaveURL(/#file-notes-txt$/);
  await snap(page, 'multi-file-view');

  // A line of one file links to that file's line.
  await page.locator('#file-app-py').getByRole('link', { name: 'Line 4' }).click();
  await expect(page).toHaveURL(/#file-app-py-L4$/);
  await page.reload();
  await expect(page.locator('#file-app-py-L4')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('#file-notes-txt-L1')).not.toHaveAttribute('aria-current', 'true');

  // Raw of one file: that file's text only.
  const [raw] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('toolbar', { name: 'notes.txt actions' }).getByRole('link', { name: 'Raw' }).click(),
  ]);
  await expect(raw.locator('body')).toHaveText(NOTES.trimEnd());
  await raw.close();

  // Download ZIP: every file under its name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download ZIP' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${id}.zip`);
  const zipPath = testInfo.outputPath('paste.zip');
  await download.saveAs(zipPath);
  const entries = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n');
  expect(entries.sort()).toEqual(['README.md', 'app.py', 'notes.txt']);
  expect(execFileSync('unzip', ['-p', zipPath, 'notes.txt'], { encoding: 'utf8' })).toBe(NOTES);

  // Edit: the three files prefilled; a fourth added makes revision 2.
  await page.goto(`/paste/${id}/edit`);
  await expect(page.getByLabel('File 2 name')).toHaveValue('README.md');
  await expect(page.getByLabel('File 3 content')).toHaveValue(NOTES);
  await page.getByRole('button', { name: 'Add file' }).click();
  await fillFile(page, 3, 'extra.js', EXTRA);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(new RegExp(`/paste/${id}$`));
  await expect(contents(page)).toHaveText(['app.py', 'README.md', 'notes.txt', 'extra.js']);
  await expect(page.locator('#file-extra-js')).toContainText('export const answer = 42;');

  // Revision 1 keeps its three files; revision 2 has four.
  await page.goto(`/paste/${id}/r/1`);
  await expect(page.getByTestId('revision-meta')).toContainText('Revision 1 of 2');
  await expect(contents(page)).toHaveText(['app.py', 'README.md', 'notes.txt']);
  await page.goto(`/paste/${id}/r/2`);
  await expect(contents(page)).toHaveCount(4);

  // The share dialog's embed code names the file picked.
  await page.goto(`/paste/${id}`);
  await page.getByRole('button', { name: 'QR code' }).click();
  await page.getByLabel('File to embed').selectOption('README.md');
  await expect(page.getByLabel('Embed with an iframe')).toHaveValue(
    /\/embed\/[A-Za-z0-9_-]+\?file=README\.md"/,
  );
  await page.keyboard.press('Escape');

  // A phone: the contents and the headers wrap, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(contents(page)).toHaveCount(4);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'multi-file-phone');
});
