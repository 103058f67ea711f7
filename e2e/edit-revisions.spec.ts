import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { expect, loginInContext, registerUser, test, toasts } from './support/fixtures';
import { createPasteApi, newVisitor, sessionCookie, setEditorText } from './support/pastes';

test.use({ setupCompleted: true });

const AUTHOR = { username: 'author1', password: 'password-123' };

/** Thirty lines of a small script: long enough for unchanged runs to fold. */
const ORIGINAL = Array.from({ length: 30 }, (_, i) => `const line${i + 1} = ${i + 1};`).join('\n');
const SECOND = ORIGINAL.replace('const line5 = 5;', 'const line5 = 50; // tuned');
const THIRD = `${SECOND.replace('const line25 = 25;\n', '')}\nconsole.log(line1 + line30);`;

let registered = false;
async function signInAuthor(page: Page, url: string): Promise<void> {
  if (!registered) {
    await registerUser(url, AUTHOR.username, AUTHOR.password);
    registered = true;
  }
  await loginInContext(page, AUTHOR.username, AUTHOR.password);
}

async function authorCookie(url: string): Promise<string> {
  return sessionCookie(url, AUTHOR.username, AUTHOR.password);
}

/** A paste of the author's, made through the API; its id. */
async function authorPaste(url: string, body: Record<string, unknown>): Promise<string> {
  return (await createPasteApi(url, body, await authorCookie(url))).id;
}

/** An edit through the API, as another tab of the author would send it. */
async function editApi(url: string, id: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${url}/api/pastes/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: await authorCookie(url), Origin: url },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`edit answered ${response.status}: ${await response.text()}`);
}

/** The edit screen of `id` with the text replaced, then Save, back on the paste. */
async function editInUi(page: Page, id: string, content: string, title?: string): Promise<void> {
  await page.goto(`/paste/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Paste' })).toBeVisible();
  await expect(page.getByLabel('Paste content')).not.toHaveValue('');
  await setEditorText(page, content);
  if (title !== undefined) await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(new RegExp(`/paste/${id}$`));
}

test('the author edits twice, then reads the revisions, compares them and follows a line link', async ({
  page,
  server,
}) => {
  await signInAuthor(page, server.url);
  const id = await authorPaste(server.url, {
    title: 'counter.js',
    content: ORIGINAL,
    language: 'javascript',
  });

  // The edit screen: prefilled with the newest revision; privacy and expiry shown, not offered.
  await page.goto(`/paste/${id}/edit`);
  await expect(page.getByLabel('Paste content')).toHaveValue(ORIGINAL);
  await expect(page.getByLabel('Title')).toHaveValue('counter.js');
  await expect(page.getByTestId('kept-options')).toContainText(
    "An edit keeps the paste's privacy and expiry",
  );
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.screenshot({ path: 'test-results/edit-screen.png', fullPage: true });

  await editInUi(page, id, SECOND);
  await expect(page.getByTestId('paste-content')).toContainText('const line5 = 50; // tuned');
  await editInUi(page, id, THIRD, 'counter.js (v3)');
  await expect(page.getByRole('heading', { name: 'counter.js (v3)' })).toBeVisible();
  await expect(page.getByTestId('paste-content')).toContainText('console.log(line1 + line30);');

  // "edited …" in the meta line, its exact time on hover, leading to the revisions. Named by where
  // it leads, so that Edit is the one control whose name starts with "edit".
  const edited = page.getByRole('link', { name: /^Revision history: edited / });
  await expect(edited).toContainText(/^edited /);
  await expect(page.getByRole('link', { name: /^edit/i })).toHaveText(['Edit']);
  await expect(edited.locator('time')).toHaveAttribute('title', /\d{4}/);
  await page.screenshot({ path: 'test-results/paste-edited.png' });
  await edited.click();
  await expect(page).toHaveURL(new RegExp(`/paste/${id}/revisions$`));

  const rows = page.getByTestId('revision-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Revision 3');
  await expect(rows.nth(0)).toContainText('+1');
  await expect(rows.nth(0)).toContainText('−1');
  await expect(rows.nth(1)).toContainText('Revision 2');
  await expect(rows.nth(1)).toContainText('+1');
  await expect(rows.nth(1)).toContainText('−1');
  await expect(rows.nth(2)).toContainText('+30');
  await expect(rows.nth(2).locator('time')).toHaveAttribute('title', /\d{4}/);

  // Compare 1 with 3: unified first.
  await page.getByLabel('Compare', { exact: true }).selectOption('1');
  await page.getByLabel('with', { exact: true }).selectOption('3');
  await page.getByRole('button', { name: 'Compare' }).click();
  const diff = page.getByTestId('diff');
  await expect(diff).toHaveAttribute('data-layout', 'unified');
  await expect(page.getByTestId('diff-summary')).toContainText('+2 −2 lines from revision 1 to 3');
  await expect(diff.locator('[data-kind="removed"]')).toHaveCount(2);
  await expect(diff.locator('[data-kind="added"]')).toHaveCount(2);
  await expect(diff.locator('[data-kind="added"]').first()).toContainText('const line5 = 50; // tuned');
  const fold = diff.getByRole('button', { name: /^Show \d+ unchanged lines$/ }).first();
  await expect(fold).toBeVisible();
  await page.screenshot({ path: 'test-results/revisions-unified.png', fullPage: true });
  const before = await diff.locator('[data-kind="same"]').count();
  await fold.click();
  await expect.poll(() => diff.locator('[data-kind="same"]').count()).toBeGreaterThan(before);

  // Side by side, on this wide window.
  await page.getByRole('button', { name: 'Side by side' }).click();
  await expect(diff).toHaveAttribute('data-layout', 'split');
  await expect(page).toHaveURL(/view=split/);
  await page.screenshot({ path: 'test-results/revisions-split.png', fullPage: true });

  // A line number of the new side opens that line of revision 3.
  await diff.getByRole('link', { name: 'Line 5 of revision 3' }).click();
  await expect(page).toHaveURL(new RegExp(`/paste/${id}/r/3#L5$`));
  await expect(page.getByTestId('revision-meta')).toContainText('Revision 3 of 3');
  // The newest has nothing newer to compare with.
  await expect(page.getByRole('link', { name: 'Compare with newest' })).toHaveCount(0);
  await expect(page.locator('#L5')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('#L5')).toContainText('const line5 = 50; // tuned');

  // The original keeps its own link and text.
  await page.goto(`/paste/${id}/r/1`);
  await expect(page.getByRole('heading', { name: 'counter.js' })).toBeVisible();
  await expect(page.getByTestId('revision-meta')).toContainText('Revision 1 of 3');
  await expect(page.getByTestId('paste-content')).toContainText('const line5 = 5;');
  await expect(page.getByTestId('paste-content')).not.toContainText('tuned');
  await expect(page.getByRole('link', { name: 'See the newest revision' })).toHaveAttribute(
    'href',
    `/paste/${id}`,
  );
  // Copy puts this revision's text on the clipboard; Compare with newest opens the diff 1 → 3.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const revisionActions = page.getByRole('toolbar', { name: 'Revision actions' });
  await revisionActions.getByRole('button', { name: 'Copy' }).click();
  await expect(toasts(page).getByText('Revision copied to clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ORIGINAL);
  await revisionActions.getByRole('link', { name: 'Compare with newest' }).click();
  await expect(page).toHaveURL(new RegExp(`/paste/${id}/revisions\\?from=1&to=3$`));
  await expect(diff).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('revision-meta')).toContainText('Revision 1 of 3');
  const raw = await page.request.get(
    (await page.getByRole('link', { name: 'Raw' }).getAttribute('href')) ?? '',
  );
  expect(await raw.text()).toBe(ORIGINAL);
  await page.screenshot({ path: 'test-results/revision-1.png', fullPage: true });

  // The light theme, and a phone.
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.goto(`/paste/${id}/revisions?from=1&to=3`);
  await expect(diff).toBeVisible();
  await page.screenshot({ path: 'test-results/revisions-light.png', fullPage: true });
  await page.goto(`/paste/${id}/revisions?from=1&to=3&view=split`);
  await expect(diff).toHaveAttribute('data-layout', 'split');
  await page.screenshot({ path: 'test-results/revisions-split-light.png', fullPage: true });
  await page.goto(`/paste/${id}/edit`);
  await expect(page.getByLabel('Paste content')).toHaveValue(THIRD);
  await page.screenshot({ path: 'test-results/edit-screen-light.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/paste/${id}/revisions?from=1&to=3&view=split`);
  // No room for two columns on a phone: unified, and no layout toggle.
  await expect(diff).toHaveAttribute('data-layout', 'unified');
  await expect(page.getByRole('button', { name: 'Side by side' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/revisions-mobile.png', fullPage: true });
  await page.goto(`/paste/${id}/r/1`);
  await expect(page.getByTestId('paste-content')).toBeVisible();
  await page.screenshot({ path: 'test-results/revision-1-mobile.png', fullPage: true });
  await page.goto(`/paste/${id}/edit`);
  await expect(page.getByLabel('Paste content')).toHaveValue(THIRD);
  await page.screenshot({ path: 'test-results/edit-screen-mobile.png', fullPage: true });
});

test('an edit left with no text is not saved: the message under the editor and in a toast', async ({
  page,
  server,
}) => {
  await signInAuthor(page, server.url);
  const id = await authorPaste(server.url, { title: 'empty me', content: 'some text' });
  await page.goto(`/paste/${id}/edit`);
  await expect(page.getByLabel('Paste content')).toHaveValue('some text');
  await setEditorText(page, '  \n ');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').getByText('Please enter some content first')).toBeVisible();
  await expect(toasts(page).getByText('Not saved', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Please enter some content first', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Paste content')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/paste/${id}/edit$`));
});

test('a stranger cannot edit; a never-edited paste has one revision and nothing to compare', async ({
  browser,
  server,
}) => {
  const { id } = await createPasteApi(
    server.url,
    { title: 'mine', content: 'hello\n' },
    await (async () => {
      if (!registered) {
        await registerUser(server.url, AUTHOR.username, AUTHOR.password);
        registered = true;
      }
      return authorCookie(server.url);
    })(),
  );
  const stranger = await newVisitor(browser, server.url);
  await stranger.goto(`/paste/${id}`);
  await expect(stranger.getByTestId('paste-content')).toContainText('hello');
  await expect(stranger.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(stranger.getByRole('link', { name: /^Revision history: edited / })).toHaveCount(0);

  await stranger.goto(`/paste/${id}/edit`);
  await expect(stranger.getByTestId('edit-refused')).toContainText('Sign in to edit');
  await expect(stranger.getByLabel('Paste content')).toHaveCount(0);

  await registerUser(server.url, 'stranger1', 'password-123');
  await loginInContext(stranger, 'stranger1', 'password-123');
  await stranger.goto(`/paste/${id}/edit`);
  await expect(stranger.getByTestId('edit-refused')).toContainText('You can only edit your own pastes');

  await stranger.goto(`/paste/${id}/revisions`);
  await expect(stranger.getByTestId('revision-row')).toHaveCount(1);
  await expect(stranger.getByText('Nothing to compare yet')).toBeVisible();
  await stranger.context().close();
});

test('every revision of a password paste needs the password', async ({ browser, server }) => {
  if (!registered) {
    await registerUser(server.url, AUTHOR.username, AUTHOR.password);
    registered = true;
  }
  const id = await authorPaste(server.url, {
    title: 'locked',
    content: 'first secret draft\n',
    privacy: 'password',
    password: 'pw-12345678',
  });
  await editApi(server.url, id, { content: 'second draft\n' });

  const visitor = await newVisitor(browser, server.url);
  await visitor.goto(`/paste/${id}/r/1`);
  const dialog = visitor.getByRole('dialog', { name: 'Password Protected' });
  await expect(dialog).toBeVisible();
  await expect(visitor.getByText('first secret draft')).toHaveCount(0);
  await visitor.screenshot({ path: 'test-results/revision-locked.png' });
  await dialog.getByLabel('Password', { exact: true }).fill('pw-12345678');
  await dialog.getByRole('button', { name: 'Unlock Paste' }).click();
  await expect(visitor.getByTestId('paste-content')).toContainText('first secret draft');
  await expect(visitor.getByTestId('revision-meta')).toContainText('Revision 1 of 2');
  // The grant opens raw text and every other revision too, without asking again.
  const rawHref = (await visitor.getByRole('link', { name: 'Raw' }).getAttribute('href')) ?? '';
  expect(rawHref).toContain('access=');
  expect(await (await visitor.request.get(rawHref)).text()).toBe('first secret draft\n');
  await visitor.goto(`/paste/${id}/revisions?from=1&to=2`);
  await expect(visitor.getByTestId('revision-row')).toHaveCount(2);
  await expect(visitor.getByTestId('diff')).toContainText('second draft');
  await visitor.screenshot({ path: 'test-results/revisions-password.png', fullPage: true });
  await visitor.context().close();
});

test('an edit of a public paste warns about a secret, and one made meanwhile elsewhere is not overwritten', async ({
  page,
  server,
}) => {
  await signInAuthor(page, server.url);
  const id = await authorPaste(server.url, { title: 'deploy', content: 'region: eu-west-1\n' });
  // Built at run time, so this file holds no credential-looking text.
  const token = `ghp_${'a1B2c3D4e5F6'.repeat(3)}`;
  await page.goto(`/paste/${id}/edit`);
  await setEditorText(page, `region: eu-west-1\ntoken: ${token}\n`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const warning = page.getByRole('dialog', { name: 'This paste may contain secrets' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Make it unlisted' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/edit-secret-warning.png' });
  await warning.getByRole('button', { name: 'Keep editing' }).click();
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/paste/${id}/edit$`));

  // Meanwhile another tab saves revision 2: this one, based on revision 1, is refused.
  await editApi(server.url, id, { content: 'region: us-east-1\n' });
  await setEditorText(page, 'region: ap-south-1\n');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const error = page.getByTestId('edit-error');
  await expect(error).toContainText('edited meanwhile');
  await page.screenshot({ path: 'test-results/edit-meanwhile.png' });
  await error.getByRole('button', { name: 'Reload the newest revision' }).click();
  await expect(page.getByLabel('Paste content')).toHaveValue('region: us-east-1\n');
});

test('the edit, revisions and revision screens have no axe violations, in both themes', async ({
  page,
  server,
}) => {
  await signInAuthor(page, server.url);
  const id = await authorPaste(server.url, { title: 'axe.js', content: ORIGINAL, language: 'javascript' });
  await editApi(server.url, id, { content: THIRD });
  const screens: [string, () => Promise<void>][] = [
    [`/paste/${id}/edit`, () => expect(page.getByLabel('Paste content')).toHaveValue(THIRD)],
    [`/paste/${id}/revisions?from=1&to=2`, () => expect(page.getByTestId('diff')).toBeVisible()],
    [`/paste/${id}/revisions?from=1&to=2&view=split`, () => expect(page.getByTestId('diff')).toBeVisible()],
    [`/paste/${id}/r/1`, () => expect(page.getByTestId('paste-content')).toBeVisible()],
  ];
  for (const theme of ['dark', 'light']) {
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      expect(await axeViolations(page), `${path} (${theme})`).toEqual([]);
    }
  }
});
