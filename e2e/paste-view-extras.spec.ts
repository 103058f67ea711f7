import { axeViolations } from './support/axe';
import { expect, snap, test } from './support/fixtures';
import { createPasteApi, newVisitor, setEditorText } from './support/pastes';
import { fieldTextGeometry } from './support/text-geometry';

test.use({ setupCompleted: true });

test('after creating, the author sees the privacy badge and a link panel with Copy, once', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await setEditorText(page, 'secret notes');
  await page.getByLabel('Privacy').selectOption('password');
  await page.getByLabel('Password', { exact: true }).fill('pw-123456');
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await expect(page).toHaveURL(/\/paste\//);
  const panel = page.getByRole('region', { name: 'Your link' });
  await expect(panel.getByLabel('Link to this paste')).toHaveValue(page.url());
  await expect(panel).toContainText('Send the password another way than the link');
  await expect(page.getByTestId('privacy-badge')).toHaveText('Password');
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await snap(page, 'your-link-panel');
  // Only the first view: a reload shows the paste as anyone sees it.
  await page.reload();
  await expect(page.getByText('secret notes')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your link' })).toHaveCount(0);
});

test('the link field draws the whole id, underscore included, at 1× on a desktop and a phone', async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    await setEditorText(page, 'where is the underscore');
    await page.getByRole('button', { name: 'Create Paste' }).click();
    await expect(page).toHaveURL(/\/paste\//);
    const field = page.getByRole('region', { name: 'Your link' }).getByLabel('Link to this paste');
    await expect(field).toHaveValue(page.url());
    // An id of the kind the server makes, with the character whose ink hangs lowest.
    await field.evaluate((el: HTMLTextAreaElement) => {
      el.value = el.value.replace(/[^/]+$/, 'x8q_XkZLa1PT');
    });
    const { lines, clip } = await fieldTextGeometry(field);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      // Every line's box and the ink of its descenders inside the box the text is clipped to.
      expect(line.top, `line at ${line.top} (${width} px)`).toBeGreaterThanOrEqual(clip.top);
      expect(line.inkBottom, `line at ${line.top} (${width} px)`).toBeLessThanOrEqual(clip.bottom);
    }
    await snap(page, `your-link-underscore-${width}`, { fullPage: false });
  }
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    expect(await axeViolations(page, ['[aria-label="Your link"]']), theme).toEqual([]);
  }
});

test('Share says Link copied on the button; Wrap lines keeps a long line inside a phone screen', async ({
  page,
  server,
}) => {
  const long = `const banner = "${'wide '.repeat(60)}";`;
  const { id } = await createPasteApi(server.url, { title: 'Wide', content: `short\n${long}\nend\n` });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/paste/${id}`);
  const bar = page.getByRole('toolbar', { name: 'Paste actions' });
  await bar.getByRole('button', { name: 'Share' }).click();
  await expect(bar.getByRole('button', { name: 'Link copied' })).toBeVisible();
  await expect(bar.getByRole('status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/paste/${id}`);
  await snap(page, 'share-link-copied', { fullPage: false });
  await expect(bar.getByRole('button', { name: 'Share' })).toBeVisible();

  const view = page.getByTestId('paste-content');
  const line = page.locator('#L2');
  const overflow = () => view.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
  expect(await overflow()).toBeGreaterThan(0);
  const wrap = page.getByRole('button', { name: 'Wrap lines' });
  await expect(wrap).toHaveAttribute('aria-pressed', 'false');
  await wrap.click();
  await expect(wrap).toHaveAttribute('aria-pressed', 'true');
  // The whole line within the screen, over several rows; the others keep one row each.
  expect(await overflow()).toBe(0);
  expect((await line.boundingBox())!.height).toBeGreaterThan(
    3 * (await page.locator('#L1').boundingBox())!.height,
  );
  expect((await line.boundingBox())!.x + (await line.boundingBox())!.width).toBeLessThanOrEqual(390);
  await snap(page, 'paste-wrapped-phone', { fullPage: false });
  await wrap.click();
  expect(await overflow()).toBeGreaterThan(0);
});

test('an extreme paste keeps its header and actions beside the download', async ({ page, server }) => {
  const form = new FormData();
  form.append('title', 'huge.log');
  form.append('expiration', '1d');
  form.append('content', new Blob([Buffer.alloc(11 * 1024 * 1024, 'x')]), 'huge.log');
  const res = await fetch(`${server.url}/api/pastes`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/paste/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'huge.log' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Extremely Large Paste' })).toBeVisible();
  await expect(page.getByTestId('privacy-badge')).toHaveText('Public');
  const actions = page.getByRole('toolbar', { name: 'Paste actions' });
  for (const name of ['Share', 'Raw', 'Report']) await expect(actions.getByText(name)).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Copy' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download Paste' })).toBeVisible();
  await snap(page, 'extreme-paste-header');
});

test('once a reader has burned a paste, Share and Report are gone for them', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  await setEditorText(page, 'read once');
  await page.getByLabel('Expiration').selectOption('burn');
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await expect(page).toHaveURL(/\/paste\//);
  const url = page.url();
  const reader = await newVisitor(browser, baseURL!);
  await reader.goto(url);
  const confirmed = reader.waitForResponse((r) => r.url().endsWith('/confirm-view') && r.ok());
  await reader.getByRole('button', { name: 'Show paste' }).click();
  await expect(reader.getByText('read once')).toBeVisible();
  const actions = reader.getByRole('toolbar', { name: 'Paste actions' });
  await expect(actions.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await confirmed;
  await reader.close();

  // The creator, coming back, is told when it was read.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Read and destroyed' })).toBeVisible();
  await expect(page.getByTestId('burned-at')).toContainText(
    /This paste was read and destroyed at \d{1,2}:\d{2}/,
  );
  await snap(page, 'burned-for-creator');
});
