import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageHost, solidPng, startImageHost } from '../../../../test/helpers/image-host.js';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { startTestApp, type TestApp, withTestApp } from '../../../../test/helpers/test-app.js';
import { IMAGE_PROXY_MAX_BYTES, IMAGE_PROXY_MESSAGES } from '../../../common/schemas/image-proxy.js';
import { createImageFetcher } from './image-fetch.js';

const RED = solidPng(40, 30, [220, 20, 20]);
const HTML = Buffer.from('<!doctype html><p>not an image</p>');

let host: ImageHost;
beforeAll(async () => {
  host = await startImageHost({
    '/red.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(RED),
    '/page.html': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(HTML),
    '/lying.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(HTML),
    '/drawing.svg': (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    // Chunked, no length: the proxy must stop reading past the limit by itself.
    '/huge.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(RED);
      const block = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 6; i += 1) res.write(block);
      res.end();
    },
    '/declared-huge.png': (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': IMAGE_PROXY_MAX_BYTES + 1 }).end(),
    '/hop.png': (_req, res) => res.writeHead(302, { location: '/red.png' }).end(),
    '/loop.png': (_req, res) => res.writeHead(302, { location: '/loop.png' }).end(),
    '/to-metadata.png': (_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end(),
    '/to-ten.png': (_req, res) => res.writeHead(301, { location: 'http://10.0.0.1/a.png' }).end(),
    '/to-v6-loopback.png': (_req, res) =>
      res.writeHead(307, { location: `http://[::1]:${host.port}/red.png` }).end(),
  });
});
afterAll(() => host.close());

const t = withTestApp({ each: false, env: { IMAGE_PROXY_ALLOW_ADDRESSES: '127.0.0.1' } });

/** The proxy addresses the server signed for a Markdown paste showing `urls`, by url. */
async function signed(app: TestApp, urls: string[]): Promise<Map<string, string>> {
  const content = urls.map((u, i) => `![picture ${i}](${u})`).join('\n\n');
  const { id } = await createPaste(app.client(), { content, language: 'markdown' });
  const res = await app.client().get(`/api/pastes/${id}/images`);
  expect(res.status).toBe(200);
  return new Map(res.body.images.map((i: { url: string; src: string }) => [i.url, i.src]));
}

const proxied = (app: TestApp, src: string) => fetch(`${app.baseUrl}${src}`);

describe('GET /api/pastes/:id/images', () => {
  it("lists a Markdown paste's remote images once each, signed, and nothing else", async () => {
    const content = `# Pictures\n\n![a](${host.origin}/red.png) and again ![b](${host.origin}/red.png)\n\n![inline](data:image/png;base64,AAAA) [a link](${host.origin}/page.html)\n\n    ![in code](${host.origin}/page.html)\n`;
    const { id } = await createPaste(t.client(), { content, language: 'markdown' });
    const res = await t.client().get(`/api/pastes/${id}/images`);
    expect(res.status).toBe(200);
    expect(res.body.images).toHaveLength(1);
    const [image] = res.body.images;
    expect(image.url).toBe(`${host.origin}/red.png`);
    const src = new URL(image.src, 'http://x');
    expect(src.pathname).toBe('/api/image-proxy');
    expect(src.searchParams.get('url')).toBe(image.url);
    expect(src.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 409 for a paste that is not Markdown', async () => {
    const { id } = await createPaste(t.client(), { content: `![a](${host.origin}/red.png)` });
    const res = await t.client().get(`/api/pastes/${id}/images`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(IMAGE_PROXY_MESSAGES.notMarkdown);
  });

  it('refuses a burn-after-reading paste without burning it', async () => {
    const { id } = await createPaste(t.client(), {
      content: `![a](${host.origin}/red.png)`,
      language: 'markdown',
      burnAfterReading: true,
    });
    const res = await t.client().get(`/api/pastes/${id}/images`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(IMAGE_PROXY_MESSAGES.burn);
    expect((await t.client().get(`/api/pastes/${id}`)).body.content).toBe(`![a](${host.origin}/red.png)`);
  });
});

describe('GET /api/image-proxy', () => {
  it('serves the image byte for byte, as an image only, and sends the host nothing of the reader', async () => {
    const url = `${host.origin}/red.png`;
    const src = (await signed(t, [url])).get(url)!;
    const before = host.requests.length;
    const res = await fetch(`${t.baseUrl}${src}`, {
      headers: {
        cookie: 'session=reader-secret',
        referer: `${t.baseUrl}/paste/x`,
        'x-forwarded-for': '203.0.113.9',
      },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(RED)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const sent = host.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.cookie).toBeUndefined();
    expect(sent[0]!.referer).toBeUndefined();
    expect(sent[0]!['x-forwarded-for']).toBeUndefined();
    expect(JSON.stringify(sent[0])).not.toContain('203.0.113.9');
  });

  it('follows a redirect on the same host', async () => {
    const url = `${host.origin}/hop.png`;
    const res = await proxied(t, (await signed(t, [url])).get(url)!);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(RED)).toBe(true);
  });

  it('refuses an address it did not sign (403)', async () => {
    const url = `${host.origin}/red.png`;
    const src = new URL((await signed(t, [url])).get(url)!, 'http://x');
    const other = new URLSearchParams({ url: `${host.origin}/page.html`, sig: src.searchParams.get('sig')! });
    const swapped = await proxied(t, `/api/image-proxy?${other}`);
    expect(swapped.status).toBe(403);
    expect((await swapped.json()).message).toBe(IMAGE_PROXY_MESSAGES.badSignature);
    const sig = src.searchParams.get('sig')!;
    const altered = new URLSearchParams({ url, sig: `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}` });
    expect((await proxied(t, `/api/image-proxy?${altered}`)).status).toBe(403);
    expect((await proxied(t, `/api/image-proxy?${new URLSearchParams({ url, sig: 'short' })}`)).status).toBe(
      400,
    );
  });

  it('refuses what is not a PNG, JPEG, GIF, WebP or AVIF image by its type and by its bytes (415)', async () => {
    const urls = ['page.html', 'lying.png', 'drawing.svg'].map((p) => `${host.origin}/${p}`);
    const srcs = await signed(t, urls);
    for (const url of urls) {
      const res = await proxied(t, srcs.get(url)!);
      expect(res.status, url).toBe(415);
      expect((await res.json()).message).toBe(IMAGE_PROXY_MESSAGES.notImage);
    }
  });

  it('stops at 5 MB, whether the host says so or not (413)', async () => {
    const urls = ['huge.png', 'declared-huge.png'].map((p) => `${host.origin}/${p}`);
    const srcs = await signed(t, urls);
    for (const url of urls) {
      const res = await proxied(t, srcs.get(url)!);
      expect(res.status, url).toBe(413);
      expect((await res.json()).message).toBe(IMAGE_PROXY_MESSAGES.tooLarge);
    }
  });

  it('refuses a redirect to a private, link-local or loopback address (403), and a fourth redirect (502)', async () => {
    const urls = ['to-metadata.png', 'to-ten.png', 'to-v6-loopback.png'].map((p) => `${host.origin}/${p}`);
    const srcs = await signed(t, [...urls, `${host.origin}/loop.png`]);
    for (const url of urls) {
      const res = await proxied(t, srcs.get(url)!);
      expect(res.status, url).toBe(403);
      expect((await res.json()).message).toBe(IMAGE_PROXY_MESSAGES.privateAddress);
    }
    const loop = await proxied(t, srcs.get(`${host.origin}/loop.png`)!);
    expect(loop.status).toBe(502);
    expect((await loop.json()).message).toBe(IMAGE_PROXY_MESSAGES.tooManyRedirects);
  });

  it('is served by another instance of the same site (the signing secret is shared)', async () => {
    const url = `${host.origin}/red.png`;
    const src = (await signed(t, [url])).get(url)!;
    const other = await startTestApp({ sharing: t, env: { IMAGE_PROXY_ALLOW_ADDRESSES: '127.0.0.1' } });
    try {
      const res = await proxied(other, src);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(RED)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/image-proxy with the default configuration', () => {
  const plain = withTestApp({ each: false });

  it('refuses loopback, private and link-local hosts, by address and by name (403), asking none of them', async () => {
    const urls = [
      `${host.origin}/red.png`,
      `http://localhost:${host.port}/red.png`,
      'http://10.0.0.1/a.png',
      'http://169.254.169.254/latest/meta-data',
    ];
    const srcs = await signed(plain, urls);
    const before = host.requests.length;
    for (const url of urls) {
      const res = await proxied(plain, srcs.get(url)!);
      expect(res.status, url).toBe(403);
      expect((await res.json()).message).toBe(IMAGE_PROXY_MESSAGES.privateAddress);
    }
    expect(host.requests.length).toBe(before);
  });

  it('refuses IPv6 loopback and IPv4-mapped addresses (Markdown never yields these: its links escape brackets)', async () => {
    const fetcher = createImageFetcher({ allowed: [] });
    try {
      for (const url of [
        `http://[::1]:${host.port}/red.png`,
        `http://[::ffff:127.0.0.1]:${host.port}/red.png`,
      ]) {
        await expect(fetcher.fetchImage(url), url).rejects.toMatchObject({
          status: 403,
          message: IMAGE_PROXY_MESSAGES.privateAddress,
        });
      }
      await expect(fetcher.fetchImage('ftp://example.com/a.png')).rejects.toMatchObject({ status: 400 });
    } finally {
      await fetcher.close();
    }
  });
});
