import { type ImageHost, solidPng, startImageHost } from '../test/helpers/image-host';
import { expect, snap, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

// The image host of this test is on 127.0.0.1, which the proxy refuses unless told (tests only).
test.use({ setupCompleted: true, serverEnv: { IMAGE_PROXY_ALLOW_ADDRESSES: '127.0.0.1' } });

const RED = solidPng(120, 80, [220, 30, 30]);

let host: ImageHost;
test.beforeAll(async () => {
  host = await startImageHost({
    '/red.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(RED),
  });
});
test.afterAll(() => host.close());

test('"Load images" shows a remote image through the site, and the page never asks its host', async ({
  page,
  server,
}) => {
  const direct: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(host.origin)) direct.push(request.url());
  });
  const content = `# With a picture\n\nA red box below.\n\n![red box](${host.origin}/red.png)\n`;
  const { id } = await createPasteApi(server.url, { title: 'picture.md', content });
  await page.goto(`/paste/${id}`);
  const rendered = page.locator('.rendered-markdown');
  await expect(rendered.getByRole('heading', { name: 'With a picture' })).toBeVisible({ timeout: 60_000 });
  // Until the reader asks, the image is a link and nothing is fetched.
  await expect(rendered.getByRole('link', { name: 'Image: red box' })).toBeVisible();
  await expect(rendered.locator('img')).toHaveCount(0);
  const before = host.requests.length;

  await page.getByRole('button', { name: 'Load images' }).click();
  const image = rendered.getByRole('img', { name: 'red box' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^\/api\/image-proxy\?url=/);
  // Painted: decoded at the PNG's own size.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(120);
  await expect(rendered.getByRole('link', { name: 'Image: red box' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load images' })).toHaveCount(0);
  expect(host.requests.length).toBe(before + 1);
  expect(direct).toEqual([]);
  await snap(page, 'load-images');
});
