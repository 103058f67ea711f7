import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { exportKeyText, generateKey, sealText, sealTitle, toBase64 } from '../src/common/paste-crypto/index';
import { axeViolations } from './support/axe';
import { expect, snap, test } from './support/fixtures';
import { createPasteApi } from './support/pastes';

test.use({ setupCompleted: true });

const CODE = 'const answer = 42; /* a comment\nover two lines */\nfunction twice(x) {\n  return x * 2;\n}\n';

/** A page of another site, on its own loopback port, that shouts its own styles at everything. */
async function hostPage(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  const { port } = host.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => host.close(() => done())),
  };
}

const HOST_STYLES =
  '<style>* { color: rgb(255, 0, 0) !important; font-family: serif !important; font-size: 31px !important; background: rgb(0, 255, 0) !important; }</style>';

/** The colour a keyword of the embedded code is drawn in. */
const keywordColour = (frame: ReturnType<Page['frameLocator']>) =>
  frame
    .locator('.hljs-keyword')
    .first()
    .evaluate((el) => getComputedStyle(el).color);

test('a paste embedded in another site by script and by iframe, in both themes, untouched by its styles', async ({
  page,
  server,
}) => {
  const { id } = await createPasteApi(server.url, {
    title: 'twice.js',
    content: CODE,
    language: 'javascript',
  });
  const host = await hostPage(`<!doctype html><html><head>${HOST_STYLES}</head><body>
<h1>A blog post</h1>
<p>Before the script.</p>
<script src="${server.url}/embed/${id}.js?theme=dark"></script>
<p>Between the two.</p>
<iframe id="by-iframe" src="${server.url}/embed/${id}?theme=light&lines=3-5" width="600" height="260"></iframe>
<p>After.</p>
</body></html>`);
  try {
    await page.goto(host.url);
    const byScript = page.locator('iframe[title="Embedded paste"]');
    await expect(byScript).toHaveCount(1);
    // Inserted right after its own tag.
    expect(await byScript.evaluate((f) => f.previousElementSibling?.tagName)).toBe('SCRIPT');
    const dark = page.frameLocator('iframe[title="Embedded paste"]');
    const light = page.frameLocator('#by-iframe');
    await expect(dark.getByRole('link', { name: 'twice.js' })).toBeVisible();
    await expect(dark.locator('td.ln')).toHaveText(['1', '2', '3', '4', '5']);
    await expect(light.locator('td.ln')).toHaveText(['3', '4', '5']);
    // The code colours are the paste page's, dark and light; none of the host's red.
    expect(await keywordColour(dark)).toBe('rgb(255, 123, 114)');
    expect(await keywordColour(light)).toBe('rgb(207, 34, 46)');
    const body = await dark.locator('body').evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, size: s.fontSize };
    });
    expect(body).toEqual({ color: 'rgb(230, 237, 243)', size: '14px' });
    // The script's frame takes the height its page reports: the whole embed, no scrollbar.
    await expect
      .poll(async () => {
        const frameHeight = await byScript.evaluate((f) => (f as HTMLIFrameElement).clientHeight);
        const embedHeight = await dark
          .locator('.embed')
          .evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
        return frameHeight === embedHeight && frameHeight > 150;
      })
      .toBe(true);
    await snap(page, 'embed-host-page');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dark.locator('td.ln').first()).toBeVisible();
    await snap(page, 'embed-host-page-phone');
  } finally {
    await host.close();
  }
});

test('a paste that may not be embedded shows the card inside the host page', async ({ page, server }) => {
  const { id } = await createPasteApi(server.url, { content: 'once', burnAfterReading: true });
  const host = await hostPage(
    `<!doctype html><html><body><script src="${server.url}/embed/${id}.js"></script></body></html>`,
  );
  try {
    await page.goto(host.url);
    const frame = page.frameLocator('iframe[title="Embedded paste"]');
    await expect(frame.getByText('This paste cannot be embedded')).toBeVisible();
    await snap(page, 'embed-card');
  } finally {
    await host.close();
  }
  // Still there for its one reader.
  const read = await fetch(`${server.url}/api/pastes/${id}`);
  expect(((await read.json()) as { content: string }).content).toBe('once');
});

/** The QR code read back from a screenshot of it by a QR decoder. */
async function decodeQr(page: Page, code: Locator): Promise<string | null> {
  const png = (await code.screenshot()).toString('base64');
  // The browser turns the PNG into pixels; jsQR reads them here.
  const { width, height, pixels } = await page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const image = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: image.width, height: image.height, pixels: Array.from(image.data) };
  }, png);
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data ?? null;
}

test('the QR code in Share decodes back to the link, at desktop and phone width', async ({
  page,
  server,
}) => {
  const { id } = await createPasteApi(server.url, { title: 'qr.txt', content: 'scan me' });
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/paste/${id}`);
    await page.getByRole('button', { name: 'QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    const code = dialog.getByRole('img', { name: 'QR code of the link' });
    await expect(code).toBeVisible();
    expect(await decodeQr(page, code)).toBe(`${server.url}/paste/${id}`);
    await expect(dialog.getByLabel('Embed with a script')).toHaveValue(
      `<script src="${server.url}/embed/${id}.js"></script>`,
    );
    await snap(page, `qr-code-${viewport.width}`);
  }
});

test('an encrypted paste’s QR code carries its key, and the dialog says so', async ({ page, server }) => {
  const key = await generateKey();
  const [sealed, sealedTitle, keyText] = await Promise.all([
    sealText(key, 'sealed text'),
    sealTitle(key, 'secret title'),
    exportKeyText(key),
  ]);
  const { id } = await createPasteApi(server.url, {
    content: toBase64(sealed),
    encrypted: true,
    sealedTitle,
  });
  await page.goto(`/paste/${id}#${keyText}`);
  await expect(page.getByTestId('paste-content')).toContainText('sealed text');
  await page.getByRole('button', { name: 'QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share' });
  await expect(dialog.getByTestId('qr-key-note')).toContainText('carries the paste');
  expect(await decodeQr(page, dialog.getByRole('img', { name: 'QR code of the link' }))).toBe(
    `${server.url}/paste/${id}#${keyText}`,
  );
  // Never embeddable: no embed code is offered.
  await expect(dialog.getByLabel('Embed with a script')).toHaveCount(0);
  await snap(page, 'qr-code-encrypted');
});

test('the embed page itself reads well to assistive technology, light and dark', async ({ page, server }) => {
  const { id } = await createPasteApi(server.url, {
    title: 'Embedded',
    content: CODE,
    language: 'javascript',
  });
  for (const theme of ['light', 'dark']) {
    await page.goto(`/embed/${id}?theme=${theme}`);
    await expect(page.locator('.hljs-keyword').first()).toBeVisible();
    expect(await axeViolations(page), `embed (${theme})`).toEqual([]);
  }
  await page.goto('/embed/nothing-here');
  await expect(page.getByText('This paste cannot be embedded')).toBeVisible();
  expect(await axeViolations(page), 'embed of a missing paste').toEqual([]);
});
