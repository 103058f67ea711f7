import { describe, expect, it } from 'vitest';
import { createLicense } from '../../../../test/helpers/factories.js';
import { completeSetup, signedIn, startTestApp, withTestApp } from '../../../../test/helpers/test-app.js';
import { VIP_BANNER_MAX_BYTES } from '../../../common/constants.js';
import { VIP_MESSAGES } from '../../../common/schemas/account.js';
import { newLicenseKey } from './vip.service.js';

const t = withTestApp();

const license = (key: string) =>
  t.db.kysely.selectFrom('vip_licenses').selectAll().where('license_key', '=', key).executeTakeFirstOrThrow();

describe('VIP activation', () => {
  it('turns a user into a VIP and marks the license used by them', async () => {
    const key = await createLicense(t);
    const { client, user } = await signedIn(t);
    const res = await client.post('/api/vip/activate', { licenseKey: `  ${key} ` });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(VIP_MESSAGES.activated);
    expect(res.body.user).toMatchObject({
      role: 'vip',
      vipActivatedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(await license(key)).toMatchObject({ is_used: 1, used_by: user.id });
    expect(Number((await license(key)).used_at)).toBe(t.clock.now());
    expect((await client.get('/api/settings/user')).body.isVip).toBe(true);
  });

  it('takes the key whatever its case, spaces and dashes', async () => {
    for (const typed of [
      (k: string) => k.toLowerCase(),
      (k: string) => k.replace(/-/g, ''),
      (k: string) => k.replace(/-/g, ' ').toLowerCase(),
    ]) {
      const key = await createLicense(t, newLicenseKey());
      const { client, user } = await signedIn(t);
      const res = await client.post('/api/vip/activate', { licenseKey: typed(key) });
      expect(res.status, typed(key)).toBe(200);
      expect(await license(key)).toMatchObject({ is_used: 1, used_by: user.id });
    }
  });

  it('refuses a blank, an unknown and a used key with clear messages', async () => {
    const key = await createLicense(t);
    const { client } = await signedIn(t);
    const { client: other } = await signedIn(t);

    const blank = await client.post('/api/vip/activate', { licenseKey: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(VIP_MESSAGES.licenseRequired);

    const unknown = await client.post('/api/vip/activate', { licenseKey: 'VIP-NOT-A-KEY' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(VIP_MESSAGES.licenseUnknown);

    expect((await client.post('/api/vip/activate', { licenseKey: key })).status).toBe(200);
    const used = await other.post('/api/vip/activate', { licenseKey: key });
    expect(used.status).toBe(409);
    expect(used.body).toEqual({
      error: 'CONFLICT',
      message: 'License key has already been used',
      requestId: expect.any(String),
    });
    expect((await other.get('/api/user')).body.role).toBe('user');
  });

  it('gives a contested key to exactly one of two users activating at once', async () => {
    const key = await createLicense(t);
    const a = await signedIn(t);
    const b = await signedIn(t);
    const results = await Promise.all([
      a.client.post('/api/vip/activate', { licenseKey: key }),
      b.client.post('/api/vip/activate', { licenseKey: key }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const vips = await t.db.kysely.selectFrom('users').select('id').where('role', '=', 'vip').execute();
    expect(vips).toHaveLength(1);
    expect((await license(key)).used_by).toBe(vips[0]!.id);
  });

  it('does not spend a second license on an account that already has VIP', async () => {
    const [k1, k2] = [await createLicense(t), await createLicense(t)];
    const { client } = await signedIn(t);
    expect((await client.post('/api/vip/activate', { licenseKey: k1 })).status).toBe(200);
    const again = await client.post('/api/vip/activate', { licenseKey: k2 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(VIP_MESSAGES.alreadyVip);
    expect((await license(k2)).is_used).toBe(0);
  });

  it('lets staff keep their role while gaining VIP (and the banner)', async () => {
    const key = await createLicense(t);
    const { client } = await signedIn(t, 'manager');
    const res = await client.post('/api/vip/activate', { licenseKey: key });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('manager');
    expect(res.body.user.vipActivatedAt).not.toBeNull();
    const banner = await client.post('/api/vip/banner', { bannerImageUrl: 'https://i.imgur.com/b.png' });
    expect(banner.status).toBe(200);
  });

  it('is rate-limited per account', async () => {
    const { client } = await signedIn(t);
    for (let i = 0; i < 10; i++) await client.post('/api/vip/activate', { licenseKey: `guess-${i}` });
    const limited = await client.post('/api/vip/activate', { licenseKey: 'guess-x' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('VIP banner', () => {
  it('is for VIP members only', async () => {
    const { client } = await signedIn(t, 'user');
    const res = await client.post('/api/vip/banner', { bannerImageUrl: 'https://i.imgur.com/b.png' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(VIP_MESSAGES.vipRequired);
  });

  it('stores a trusted https image and a link with https:// prepended', async () => {
    const { client, user } = await signedIn(t, 'vip');
    const res = await client.post('/api/vip/banner', {
      bannerImageUrl: 'https://i.imgur.com/banner.png',
      bannerLink: 'example.com/shop',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      vipBannerUrl: 'https://i.imgur.com/banner.png',
      vipBannerLink: 'https://example.com/shop',
    });
    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.vip_banner_link).toBe('https://example.com/shop');
  });

  it.each([
    ['', VIP_MESSAGES.bannerUrlRequired],
    ['http://i.imgur.com/b.png', VIP_MESSAGES.bannerUrlHttps],
    ['javascript:alert(document.cookie)', VIP_MESSAGES.bannerUrlHttps],
    ['data:image/svg+xml,<svg/onload=alert(1)>', VIP_MESSAGES.bannerUrlHttps],
    ['https://i.imgur.com@evil.example/x.png', VIP_MESSAGES.bannerUrlCredentials],
    ['https://i.imgur.com:444/x.png', VIP_MESSAGES.bannerUrlCredentials],
    ['https://evil.example/x.png', expect.stringContaining(VIP_MESSAGES.bannerUrlHost)],
  ])('refuses the image URL %j', async (bannerImageUrl, message) => {
    const { client, user } = await signedIn(t, 'vip');
    const res = await client.post('/api/vip/banner', { bannerImageUrl });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(message);
    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.vip_banner_url).toBeNull();
  });

  it('refuses an image whose declared size is over 5 MB, and stores nothing', async () => {
    const { client, user } = await signedIn(t, 'vip');
    const save = (bannerImageBytes: number) =>
      client.post('/api/vip/banner', { bannerImageUrl: 'https://i.imgur.com/big.png', bannerImageBytes });
    const over = await save(VIP_BANNER_MAX_BYTES + 1);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The banner image is larger than 5 MB');
    const stored = () =>
      t.db.kysely
        .selectFrom('users')
        .select('vip_banner_url')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
    expect((await stored()).vip_banner_url).toBeNull();
    expect((await save(VIP_BANNER_MAX_BYTES)).status).toBe(200);
    expect((await stored()).vip_banner_url).toBe('https://i.imgur.com/big.png');
  });

  it('uses the host list from VIP_BANNER_HOSTS', async () => {
    const hosts = await startTestApp({ env: { VIP_BANNER_HOSTS: 'cdn.example.net' } });
    try {
      await completeSetup(hosts);
      const { client } = await signedIn(hosts, 'vip');
      expect(
        (await client.post('/api/vip/banner', { bannerImageUrl: 'https://cdn.example.net/b.png' })).status,
      ).toBe(200);
      expect(
        (await client.post('/api/vip/banner', { bannerImageUrl: 'https://i.imgur.com/b.png' })).status,
      ).toBe(400);
    } finally {
      await hosts.close();
    }
  });

  it('refuses a javascript: link', async () => {
    const { client } = await signedIn(t, 'vip');
    const res = await client.post('/api/vip/banner', {
      bannerImageUrl: 'https://i.imgur.com/b.png',
      bannerLink: 'javascript:alert(1)',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VIP_MESSAGES.bannerLinkInvalid);
  });
});
