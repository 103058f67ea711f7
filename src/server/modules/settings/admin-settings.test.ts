import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  completeSetup,
  loginClient,
  signedIn,
  withTestApp,
} from '../../../../test/helpers/test-app.js';
import { withTwoInstances } from '../../../../test/helpers/two-instances.js';
import { MB } from '../../../common/constants.js';
import { SETTINGS_MESSAGES } from '../../../common/schemas/settings.js';

/** The admin changes general, size and security settings after setup. */
describe('PUT /api/settings', () => {
  const t = withTestApp();
  const asAdmin = () => loginClient(t, ADMIN.username, ADMIN.password);
  const stored = async (key: string) =>
    (await t.db.kysely.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())
      ?.value;

  it('changes what it is given, at once, and answers every setting', async () => {
    const admin = await asAdmin();
    expect((await admin.get('/api/settings')).body).toMatchObject({
      siteTitle: 'Test Paste',
      enableRbac: true,
      // No CLAMAV_URL here: the Safety tab says the fail-open switch has nothing to act on.
      malwareScanner: false,
    });
    const res = await admin.put('/api/settings', {
      siteTitle: '  Team Paste ',
      maxPasteSize: String(20 * MB),
      vipLicenseUrl: 'https://shop.example.com/vip',
      faviconUrl: '/favicon.ico',
      enableRbac: true,
      enableApiKeys: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      siteTitle: 'Team Paste',
      maxPasteSize: String(20 * MB),
      enableRbac: true,
    });
    expect(await stored('siteTitle')).toBe('"Team Paste"');
    expect((await t.client().get('/api/settings/public')).body).toMatchObject({
      siteTitle: 'Team Paste',
      maxPasteSize: 20,
      vipLicenseUrl: 'https://shop.example.com/vip',
      enableApiKeys: false,
    });
    expect((await admin.put('/api/settings', { maxPasteSize: 'unlimited' })).body.maxPasteSize).toBe(
      'unlimited',
    );
  });

  it('refuses bad values with the field’s message and changes nothing', async () => {
    const admin = await asAdmin();
    const before = await stored('siteTitle');
    const cases: [Record<string, unknown>, string][] = [
      [{ maxPasteSize: '0' }, SETTINGS_MESSAGES.maxPasteSize],
      [{ maxPasteSize: String(501 * MB) }, SETTINGS_MESSAGES.maxPasteSize],
      [{ maxPasteSize: '50MB' }, SETTINGS_MESSAGES.maxPasteSize],
      [{ vipLicenseUrl: 'http://shop.example.com' }, SETTINGS_MESSAGES.vipLicenseUrl],
      [{ faviconUrl: 'javascript:alert(1)' }, SETTINGS_MESSAGES.faviconUrl],
      [{ siteTitle: '   ' }, SETTINGS_MESSAGES.siteTitle],
      [{ siteTitle: 'ok', enableRbac: 'yes' }, ''],
      [{ emailProvider: 'smtp' }, ''],
      [{ requireEmailVerification: true }, SETTINGS_MESSAGES.verificationNeedsEmail],
    ];
    for (const [body, message] of cases) {
      const res = await admin.put('/api/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toContain(message);
    }
    expect(await stored('siteTitle')).toBe(before);
    expect(await stored('emailProvider')).not.toBe('"smtp"');
  });

  it('is for admins only', async () => {
    const { client: manager } = await signedIn(t, 'manager');
    expect((await manager.put('/api/settings', { siteTitle: 'Mine' })).status).toBe(403);
    expect((await manager.get('/api/settings')).status).toBe(403);
    expect((await t.client().put('/api/settings', { siteTitle: 'Mine' })).status).toBe(401);
  });
});

describe('settings across instances', () => {
  const two = withTwoInstances();
  it('a change on one instance shows on the other within a few seconds', async () => {
    await completeSetup(two.a);
    const admin = await loginClient(two.a, ADMIN.username, ADMIN.password);
    expect((await admin.put('/api/settings', { siteTitle: 'Shared Title' })).status).toBe(200);
    const started = Date.now();
    let title = '';
    while (Date.now() - started < 5000) {
      title = (await two.b.client().get('/api/settings/public')).body.siteTitle;
      if (title === 'Shared Title') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(title).toBe('Shared Title');
  });
});
