import { expect, snap, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

/** Search from the header: `/` focuses it, results mark their words and open the paste at the line. */
test.use({ setupCompleted: true });

const TEXT = [
  'import os',
  '',
  'def connect_database(url):',
  '    # retries <b>twice</b> before giving up',
  '    return open_connection(url, retries=2)',
].join('\n');

test('search from the header, open a result at its line, follow a tag', async ({ page, baseURL }) => {
  const { id } = await createPasteApi(baseURL!, {
    title: 'Database helper',
    content: TEXT,
    language: 'python',
    tags: ['db', 'python-snippets'],
  });
  await createPasteApi(baseURL!, { title: 'Unrelated', content: 'nothing to see', tags: ['db'] });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  const field = page.getByRole('searchbox', { name: 'Search pastes' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(field).toBeVisible();
  // `/` anywhere but in a field focuses the header's search.
  await page.keyboard.press('/');
  await expect(field).toBeFocused();
  await field.fill('retries twi');
  await snap(page, 'header-search', { fullPage: false });
  await field.press('Enter');
  await page.waitForURL(/\/search\?q=retries\+twi/);

  const results = page.getByTestId('search-result');
  await expect(results).toHaveCount(1);
  const result = results.first();
  await expect(result).toContainText('Database helper');
  // The line is shown as text (the <b> in it is not markup), its words marked.
  await expect(result.locator('code')).toHaveText('    # retries <b>twice</b> before giving up');
  await expect(result.locator('mark')).toHaveText(['retries', 'twi']);
  await expect(result.locator('b')).toHaveCount(0);
  await snap(page, 'search-results');

  await result.getByRole('link', { name: 'Database helper' }).click();
  await page.waitForURL(`**/paste/${id}#L4`);
  await expect(page.getByTestId('paste-content')).toContainText('def connect_database');

  // The paste's tags link to their search.
  await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'db' }).click();
  await page.waitForURL(/\/search\?tag=db/);
  await expect(page.getByTestId('search-result')).toHaveCount(2);

  // A phone: the header shows a search button; the screen's own field takes the words.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await page.getByRole('link', { name: 'Search pastes' }).click();
  await page.waitForURL('**/search');
  const screenField = page.getByRole('searchbox', { name: 'Words to search for' });
  await expect(screenField).toBeFocused();
  await screenField.fill('connect_database');
  await screenField.press('Enter');
  await expect(page.getByTestId('search-result')).toHaveCount(1);
  await expect(page.getByTestId('search-result').locator('mark')).toHaveText(['connect_database']);
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await expect(page.getByTestId('search-result')).toHaveCount(1);
    await snap(page, `search-phone-${theme}`);
  }
});
