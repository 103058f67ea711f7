import type { Page } from '@playwright/test';
import { XSS_CORPUS } from '../src/common/render/xss-corpus';
import { expect, snap, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

test.use({ setupCompleted: true });

const README = [
  '# Project notes',
  '',
  'Some **bold** text, a [link](https://example.com/docs) and a footnote.[^1]',
  '',
  '| Name | Count |',
  '|:-----|------:|',
  '| apples | 12 |',
  '| pears | 7 |',
  '',
  '- [x] written',
  '- [ ] reviewed',
  '',
  '```js',
  'const answer = 42;',
  '```',
  '',
  '![tracking pixel](https://images.example/pixel.png)',
  '',
  '[^1]: The footnote.',
  '',
].join('\n');

/** The page in a theme (the stored choice, as the toggle sets it). */
async function inTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
}

test('a Markdown paste shows rendered, switches to its source, and a line link opens the source', async ({
  page,
  server,
}) => {
  const remote: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('images.example')) remote.push(request.url());
  });
  const { id } = await createPasteApi(server.url, { title: 'README.md', content: README });
  await page.goto(`/paste/${id}`);
  const rendered = page.locator('.rendered-markdown');
  // The app's own render waits for the renderer's chunk, slow on a busy machine.
  await expect(page.getByRole('button', { name: 'Source' })).toBeVisible();
  await expect(rendered.getByRole('heading', { name: 'Project notes', level: 1 })).toBeVisible({
    timeout: 60_000,
  });
  await expect(rendered.locator('td.align-right')).toHaveText(['12', '7']);
  await expect(rendered.getByRole('checkbox')).toHaveCount(2);
  await expect(rendered.getByRole('checkbox').first()).toBeChecked();
  await expect(rendered.getByRole('checkbox').first()).toBeDisabled();
  await expect(rendered.getByRole('link', { name: 'link' })).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(rendered.locator('.hljs-keyword')).toHaveText('const');
  // The remote image is a link to it, never loaded by the page.
  await expect(rendered.getByRole('link', { name: 'Image: tracking pixel' })).toHaveAttribute(
    'href',
    'https://images.example/pixel.png',
  );
  for (const theme of ['light', 'dark'] as const) {
    await inTheme(page, theme);
    await expect(rendered.getByRole('heading', { name: 'Project notes' })).toBeVisible();
    await snap(page, `rendered-markdown-${theme}`);
  }
  expect(remote).toEqual([]);

  await page.getByRole('button', { name: 'Source' }).click();
  await expect(page.getByTestId('paste-content')).toContainText('# Project notes');
  await expect(page.getByRole('button', { name: 'Source' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Rendered' }).click();
  await expect(rendered.getByRole('heading', { name: 'Project notes' })).toBeVisible();

  await page.goto(`/paste/${id}#L5`);
  await expect(page.locator('#L5')).toBeInViewport();
  await expect(page.getByTestId('paste-content')).toContainText('| Name | Count |');
});

test('the rendered view is in the first HTML, read without JavaScript', async ({ browser, server }) => {
  const { id } = await createPasteApi(server.url, { title: 'README.md', content: README });
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  await page.goto(`/paste/${id}`);
  await expect(
    page.locator('.rendered-markdown').getByRole('heading', { name: 'Project notes' }),
  ).toBeVisible();
  // The switch needs the app: hidden without it.
  await expect(page.getByRole('button', { name: 'Source' })).toHaveCount(0);
  await context.close();
});

test('a CSV paste is a table: header, numbers right-aligned, sorted by a click, on a phone too', async ({
  page,
  server,
}) => {
  const content =
    'city,population,country\nLyon,"522,250",France\nBern,134794,Switzerland\nGhent,265086,Belgium\n';
  const { id } = await createPasteApi(server.url, { title: 'cities.csv', content });
  await page.goto(`/paste/${id}`);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['city', 'population', 'country']);
  const firstColumn = table.locator('tbody tr td:first-child');
  await expect(firstColumn).toHaveText(['Lyon', 'Bern', 'Ghent']);
  await expect(table.locator('tbody tr td:nth-child(2)').first()).toHaveCSS('text-align', 'right');
  await table.getByRole('button', { name: 'population' }).click();
  await expect(firstColumn).toHaveText(['Bern', 'Ghent', 'Lyon']);
  await table.getByRole('button', { name: 'population' }).click();
  await expect(firstColumn).toHaveText(['Lyon', 'Ghent', 'Bern']);
  await expect(table.getByRole('columnheader', { name: 'population' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await snap(page, 'rendered-csv-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await inTheme(page, 'dark');
  await expect(table.getByRole('columnheader')).toHaveText(['city', 'population', 'country']);
  await snap(page, 'rendered-csv-phone-dark');
});

test('a notebook shows its markdown, code, text and PNG outputs', async ({ page, server }) => {
  // A 1×1 PNG.
  const png =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const notebook = {
    nbformat: 4,
    metadata: { language_info: { name: 'python' } },
    cells: [
      { cell_type: 'markdown', source: ['## Analysis\n', 'Below, *one* plot.'] },
      {
        cell_type: 'code',
        execution_count: 1,
        source: ['print("hi")'],
        outputs: [
          { output_type: 'stream', name: 'stdout', text: ['hi\n'] },
          {
            output_type: 'display_data',
            data: { 'image/png': png, 'text/html': '<b id="html-output">x</b>' },
          },
        ],
      },
    ],
  };
  const { id } = await createPasteApi(server.url, {
    title: 'analysis.ipynb',
    content: JSON.stringify(notebook),
  });
  await page.goto(`/paste/${id}`);
  await expect(page.getByRole('heading', { name: 'Analysis', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Code cell 1' })).toContainText('print("hi")');
  await expect(page.getByRole('region', { name: 'Code cell 1' })).toContainText('hi');
  await expect(page.getByRole('img', { name: 'Cell output' })).toHaveJSProperty('naturalWidth', 1);
  await expect(page.locator('#html-output')).toHaveCount(0);
  await snap(page, 'rendered-notebook-light');
});

test('the XSS corpus renders inert, in the first HTML and in the app', async ({ page, server }) => {
  const content = XSS_CORPUS.join('\n\n');
  const { id } = await createPasteApi(server.url, { title: 'corpus.md', content });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:'))
      outside.push(request.url());
  });
  // The first HTML alone: the app's scripts held back.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto(`/paste/${id}`, { waitUntil: 'load' });
  await expect(page.locator('.rendered-markdown')).toBeVisible();
  await hoverEverything(page);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // Then the app's own render.
  await page.unroute(/\/assets\/.+\.js$/);
  await page.reload({ waitUntil: 'load' });
  await expect(page.getByRole('button', { name: 'Source' })).toBeVisible();
  await expect(page.locator('.rendered-markdown')).toBeVisible();
  await hoverEverything(page);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(outside).toEqual([]);
  expect(
    await page.locator('.rendered-markdown :is(script, iframe, svg, object, embed, form, style)').count(),
  ).toBe(0);
});

/** Moves the pointer over every rendered element (mouse-over handlers would fire) and toggles details. */
async function hoverEverything(page: Page) {
  const boxes = await page.locator('.rendered-markdown *').evaluateAll((elements) =>
    elements
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0)
      .slice(0, 300),
  );
  for (const box of boxes) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('.rendered-markdown summary').evaluateAll((summaries) => {
    for (const s of summaries) (s as HTMLElement).click();
  });
}
