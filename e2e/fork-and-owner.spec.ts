import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { ADMIN, expect, loginInContext, registerUser, snap, test, toasts } from './support/fixtures';
import { createPasteApi, newVisitor, sessionCookie } from './support/pastes';

/** Fork from a paste, and the author's and an admin's controls on the paste itself. */
test.use({ setupCompleted: true });

const AUTHOR = { username: 'owner1', password: 'password-123' };
const SOURCE_TEXT = 'def greet(name):\n    return f"Hello, {name}!"\n\nprint(greet("fork"))\n';

let registered = false;
async function authorCookie(url: string): Promise<string> {
  if (!registered) {
    await registerUser(url, AUTHOR.username, AUTHOR.password);
    registered = true;
  }
  return sessionCookie(url, AUTHOR.username, AUTHOR.password);
}

async function signInAuthor(page: Page, url: string): Promise<void> {
  await authorCookie(url);
  await loginInContext(page, AUTHOR.username, AUTHOR.password);
}

/** A paste of the author's, made through the API. */
async function authorPaste(url: string, body: Record<string, unknown>): Promise<string> {
  return (await createPasteApi(url, body, await authorCookie(url))).id;
}

const actions = (page: Page) => page.getByRole('toolbar', { name: 'Paste actions' });

test('a stranger forks a public paste: the create screen opens prefilled and the fork names its source', async ({
  page,
  baseURL,
}) => {
  const source = await authorPaste(baseURL!, {
    title: 'Greeting helper',
    content: SOURCE_TEXT,
    language: 'python',
  });
  await page.goto(`/paste/${source}`);
  await expect(page.getByTestId('paste-content')).toContainText('Hello');
  await actions(page).getByRole('button', { name: 'Fork' }).click();

  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByLabel('Paste content')).toHaveValue(SOURCE_TEXT);
  await expect(page.getByLabel('Title')).toHaveValue('Fork of Greeting helper');
  await expect(page.getByLabel('Language')).toHaveValue('python');
  const note = page.getByTestId('fork-note');
  await expect(note).toContainText('Forking Greeting helper');
  await expect(note.getByRole('link', { name: 'Greeting helper' })).toHaveAttribute(
    'href',
    `/paste/${source}`,
  );
  // A fork is not a restored draft.
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
  await snap(page, 'fork-create-prefilled');

  // A reload keeps the fork (the draft carries it), without starting it again.
  await page.getByLabel('Paste content').fill(`${SOURCE_TEXT}print(greet("again"))\n`);
  await page.waitForTimeout(400);
  await page.reload();
  await expect(page.getByTestId('fork-note')).toContainText('Forking Greeting helper');
  await expect(page.getByLabel('Paste content')).toHaveValue(`${SOURCE_TEXT}print(greet("again"))\n`);

  await page.getByRole('button', { name: 'Create Paste' }).click();
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+$/);
  const fork = new URL(page.url()).pathname.split('/').pop()!;
  expect(fork).not.toBe(source);
  await expect(page.getByRole('heading', { name: 'Fork of Greeting helper' })).toBeVisible();
  const forkedFrom = page.getByTestId('forked-from');
  await expect(forkedFrom).toHaveText('Forked from Greeting helper');
  await snap(page, 'fork-created');
  await forkedFrom.getByRole('link', { name: 'Greeting helper' }).click();
  await page.waitForURL((url) => url.pathname === `/paste/${source}`);
  await expect(page.getByRole('heading', { name: 'Greeting helper' })).toBeVisible();
  await expect(page.getByTestId('forked-from')).toHaveCount(0);
});

test('the fork note can be dropped: the paste is then made as one of its own', async ({ page, baseURL }) => {
  const source = (await createPasteApi(baseURL!, { content: 'untitled text\n', privacy: 'unlisted' })).id;
  await page.goto(`/paste/${source}`);
  await actions(page).getByRole('button', { name: 'Fork' }).click();
  // An untitled source is named as the screen names it; an unlisted one stays unlisted.
  await expect(page.getByLabel('Title')).toHaveValue(`Fork of Paste #${source}`);
  await expect(page.getByLabel('Privacy')).toHaveValue('unlisted');
  await page.getByTestId('fork-note').getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByTestId('fork-note')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('paste-content')).toContainText('untitled text');
  await expect(page.getByTestId('forked-from')).toHaveCount(0);
});

test('password and burn pastes offer no Fork, not even to their author', async ({ page, baseURL }) => {
  await signInAuthor(page, baseURL!);
  const locked = await authorPaste(baseURL!, {
    content: 'secret',
    privacy: 'password',
    password: 'pw-123456',
  });
  await page.goto(`/paste/${locked}`);
  await expect(page.getByTestId('paste-content')).toContainText('secret');
  await expect(actions(page).getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Fork' })).toHaveCount(0);

  const burn = await authorPaste(baseURL!, {
    content: 'once only',
    expiration: 'burn',
    burnAfterReading: true,
  });
  await page.goto(`/paste/${burn}`);
  await expect(page.getByTestId('paste-content')).toContainText('once only');
  await expect(actions(page).getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Fork' })).toHaveCount(0);
  // Nor can a burn paste be edited.
  await expect(actions(page).getByRole('link', { name: 'Edit' })).toHaveCount(0);
});

test('the author sees Edit, Revisions, Fork and Request deletion, and no Report; a stranger the reverse', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAuthor(page, baseURL!);
  const id = await authorPaste(baseURL!, { title: 'My notes', content: 'line one\nline two\n' });
  await page.goto(`/paste/${id}`);
  const bar = actions(page);
  await expect(bar.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/paste/${id}/edit`);
  await expect(bar.getByRole('link', { name: 'Revisions' })).toHaveAttribute(
    'href',
    `/paste/${id}/revisions`,
  );
  await expect(bar.getByRole('button', { name: 'Fork' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Request deletion' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await snap(page, 'owner-actions');

  // The spec's deletion request, from the paste itself.
  await bar.getByRole('button', { name: 'Request deletion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Deletion' });
  await expect(dialog).toContainText('My notes');
  await dialog.getByLabel('Reason').fill('Posted by mistake');
  await snap(page, 'owner-request-deletion');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText('Delete Request Submitted')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Deletion requested' })).toBeDisabled();

  const stranger = await newVisitor(browser, baseURL!);
  await stranger.goto(`/paste/${id}`);
  const theirs = actions(stranger);
  await expect(theirs.getByRole('button', { name: 'Report' })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Fork' })).toBeVisible();
  for (const name of ['Edit', 'Revisions']) await expect(theirs.getByRole('link', { name })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Request deletion' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await stranger.context().close();
});

test('an admin deletes a paste from its page after confirming, and lands on home', async ({
  page,
  baseURL,
}) => {
  const id = await authorPaste(baseURL!, { title: 'Doomed paste', content: 'to be removed\n' });
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto(`/paste/${id}`);
  const bar = actions(page);
  // Not the admin's own paste: Report stays, Edit does not appear.
  await expect(bar.getByRole('button', { name: 'Report' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Paste' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await snap(page, 'staff-delete-confirm');
  // Cancel keeps it.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await page.request.get(`/api/pastes/${id}`)).status()).toBe(200);

  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Paste' }).getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(toasts(page).getByText('Paste deleted')).toBeVisible();
  expect((await page.request.get(`/api/pastes/${id}`)).status()).toBe(404);
  await snap(page, 'staff-deleted-home', { fullPage: false });
});

test('an admin’s own paste: Delete, and not Request deletion as well', async ({ page, baseURL }) => {
  const cookie = await sessionCookie(baseURL!, ADMIN.username, ADMIN.password);
  const { id } = await createPasteApi(baseURL!, { title: 'Staff notes', content: 'mine\n' }, cookie);
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto(`/paste/${id}`);
  const bar = actions(page);
  await expect(bar.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  // Asking staff to delete it would be asking oneself.
  await expect(bar.getByRole('button', { name: 'Request deletion' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await snap(page, 'staff-own-paste', { fullPage: false });
});

test('on a narrow phone the author’s actions wrap inside the screen', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAuthor(page, baseURL!);
  const source = await authorPaste(baseURL!, { title: 'Source on a phone', content: 'a\n' });
  const id = await authorPaste(baseURL!, {
    title: 'A phone paste',
    content: 'short text\n',
    forkedFrom: source,
  });
  await page.goto(`/paste/${id}`);
  const bar = actions(page);
  await expect(bar.getByRole('button', { name: 'Request deletion' })).toBeVisible();
  await expect(page.getByTestId('forked-from')).toHaveText('Forked from Source on a phone');
  const overflow = await page.evaluate(() => {
    const toolbar = document.querySelector('[role="toolbar"][aria-label="Paste actions"]') as HTMLElement;
    return {
      toolbar: toolbar.scrollWidth - toolbar.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      right: Math.max(...[...toolbar.children].map((c) => c.getBoundingClientRect().right)),
    };
  });
  expect(overflow.toolbar).toBeLessThanOrEqual(0);
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.right).toBeLessThanOrEqual(360);
  await snap(page, 'owner-actions-mobile', { fullPage: false });

  await bar.getByRole('button', { name: 'Fork' }).click();
  await expect(page.getByTestId('fork-note')).toBeVisible();
  await snap(page, 'fork-create-mobile', { fullPage: false });
});

/** Axe finds nothing on the author's paste (its controls) or on the create screen with a fork note. */
test('the author’s controls and the fork note pass axe in both themes', async ({ page, baseURL }) => {
  await signInAuthor(page, baseURL!);
  const source = await authorPaste(baseURL!, { title: 'Axe source', content: 'a = 1\n' });
  const id = await authorPaste(baseURL!, { title: 'Axe fork', content: 'a = 2\n', forkedFrom: source });
  await page.goto(`/paste/${id}`);
  await expect(page.getByTestId('forked-from')).toBeVisible();
  await actions(page).getByRole('button', { name: 'Fork' }).click();
  await expect(page.getByTestId('fork-note')).toBeVisible();
  await page.waitForTimeout(400); // the draft is kept a moment after the last change
  for (const path of [`/paste/${id}`, '/']) {
    await page.goto(path);
    for (const theme of ['dark', 'light']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      // The create screen keeps the fork in its draft, so the note is back after each reload.
      if (path === '/') await expect(page.getByTestId('fork-note')).toBeVisible();
      else await expect(actions(page).getByRole('button', { name: 'Request deletion' })).toBeVisible();
      expect(await axeViolations(page), `${path} (${theme})`).toEqual([]);
    }
  }
});
