import { describe, expect, it } from 'vitest';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { FAVICON_MAX_BYTES } from '../../../common/constants.js';
import { FAVICON_MESSAGES } from '../../../common/schemas/admin.js';

/** The admin uploads a favicon; its type is read from its bytes; an SVG cannot run script. */
const t = withTestApp();
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

function form(bytes: Buffer, name = 'icon.png', field = 'favicon'): FormData {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(bytes)]), name);
  return f;
}

describe('POST /api/upload/favicon', () => {
  it('stores a PNG, makes it the site favicon, and serves it with its type', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const res = await admin.post('/api/upload/favicon', undefined, { raw: form(PNG, 'whatever.svg') });
    expect(res.status).toBe(200);
    expect(res.body.faviconUrl).toMatch(/^\/favicon\/[A-Za-z0-9_-]{22}\.png$/);
    expect((await t.client().get('/api/settings/public')).body.faviconUrl).toBe(res.body.faviconUrl);
    const served = await fetch(t.baseUrl + res.body.faviconUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('serves an SVG under a policy that runs no script', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const url = (await admin.post('/api/upload/favicon', undefined, { raw: form(SVG, 'icon.png') })).body
      .faviconUrl;
    expect(url).toMatch(/\.svg$/);
    const served = await fetch(t.baseUrl + url);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses other types, oversized files and non-admins, changing nothing', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const before = (await t.client().get('/api/settings/public')).body.faviconUrl;
    const html = await admin.post('/api/upload/favicon', undefined, {
      raw: form(Buffer.from('<html><script>alert(1)</script></html>'), 'icon.png'),
    });
    expect(html.status).toBe(400);
    expect(html.body.message).toBe(FAVICON_MESSAGES.wrongType);
    const big = Buffer.concat([PNG, Buffer.alloc(FAVICON_MAX_BYTES)]);
    expect((await admin.post('/api/upload/favicon', undefined, { raw: form(big) })).status).toBe(413);
    expect(
      (await admin.post('/api/upload/favicon', undefined, { raw: form(PNG, 'a.png', 'file') })).status,
    ).toBe(400);
    const { client: manager } = await signedIn(t, 'manager');
    expect((await manager.post('/api/upload/favicon', undefined, { raw: form(PNG) })).status).toBe(403);
    expect((await t.client().get('/api/settings/public')).body.faviconUrl).toBe(before);
    expect((await fetch(`${t.baseUrl}/favicon/nope.png`)).status).toBe(404);
  });
});
