import { expect, snap, test, toasts } from './support/fixtures';

test.use({ setupCompleted: true });

test('the draft survives About → Back and a reload, without its password', async ({ page }) => {
  await page.goto('/');
  const editor = page.getByLabel('Paste content');
  await expect(editor).toBeFocused();
  await editor.fill('console.log("draft");\n');
  await page.getByLabel('Title').fill('My draft');
  await page.getByLabel('Privacy').selectOption('password');
  await page.getByLabel('Password', { exact: true }).fill('hunter2-secret');
  // Kept a moment after typing stops.
  await page.waitForTimeout(500);

  await page.getByRole('link', { name: 'About', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: /^About/ })).toBeVisible();
  await page.goBack();
  await expect(editor).toHaveValue('console.log("draft");\n');
  await expect(page.getByLabel('Title')).toHaveValue('My draft');
  await expect(page.getByLabel('Privacy')).toHaveValue('password');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByLabel('Paste content')).toHaveValue('console.log("draft");\n');
  await expect(page.getByLabel('Title')).toHaveValue('My draft');
  expect(await page.evaluate(() => sessionStorage.getItem('pasteshare:draft'))).not.toContain('hunter2');
  await expect(page.getByTestId('draft-restored')).toHaveText('Draft restored · Discard');
  await snap(page, 'draft-restored');

  // Discard: a first visit's screen, and nothing left to restore.
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Paste content')).toHaveValue('');
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Privacy')).toHaveValue('public');
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Paste content')).toHaveValue('');
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
});

test('leaving a page with a draft asks first', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Paste content').fill('unsaved words');
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  // Dismissing the prompt keeps the page (and the text).
  void page.reload().catch(() => {});
  expect(await asked).toBe('beforeunload');
  await expect(page.getByLabel('Paste content')).toHaveValue('unsaved words');
});

test('Clear can be undone; the draft goes once the paste is created with Ctrl+Enter', async ({ page }) => {
  await page.goto('/');
  const editor = page.getByLabel('Paste content');
  await editor.fill('line one\nline two');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(editor).toHaveValue('');
  await expect(toasts(page).getByText('Editor cleared')).toBeVisible();
  await snap(page, 'clear-undo-toast');
  await toasts(page).getByRole('button', { name: 'Undo' }).click();
  await expect(editor).toHaveValue('line one\nline two');

  // Tab indents inside the editor; after Esc, Tab moves on to the options.
  await editor.press('End');
  await editor.press('Tab');
  await expect(editor).toHaveValue('line one\nline two\t');
  await editor.press('Escape');
  await editor.press('Tab');
  // Editor → Add file → options → Create Paste.
  await expect(page.getByRole('button', { name: 'Add file' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Title')).toBeFocused();
  for (const next of ['Privacy', 'Tags', 'Language', 'Expiration']) {
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(next, { exact: true })).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('switch', { name: 'End-to-end encrypted' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Create Paste' })).toBeFocused();

  await editor.focus();
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/paste\/[A-Za-z0-9_-]+$/);
  await expect(page.getByText('line two')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('pasteshare:draft'))).toBeNull();
  await page.goto('/');
  await expect(page.getByLabel('Paste content')).toHaveValue('');
});
