import { describe, expect, it } from 'vitest';
import { completeSetup, withTestApp } from '../../../../test/helpers/test-app.js';

const t = withTestApp({ setup: false });

describe('public settings', () => {
  it('has exactly the public fields of the spec, with the defaults', async () => {
    const res = await t.client().get('/api/settings/public');
    expect(res.body).toEqual({
      siteTitle: 'Paste Sharing',
      faviconUrl: '',
      maxPasteSize: 'unlimited',
      turnstileSiteKey: '',
      enableTurnstile: false,
      requireEmailVerification: false,
      enableApiKeys: true,
      vipLicenseUrl: '',
      canSendMail: false,
      auditRetentionDays: 365,
      ssoOnly: false,
      // Identity and members-only switches, each off until the admin turns it on.
      enableAccessTokens: false,
      requireSignInToCreate: false,
      requireSignInToRead: false,
    });
  });

  it('gives the size limit in MB and never a secret', async () => {
    await completeSetup(t, {
      emailProvider: 'smtp',
      emailFrom: 'a@b.c',
      smtpHost: 'mail.local',
      smtpPassword: 'hunter2-secret',
    });
    await t.app.services.settings.update({
      maxPasteSize: String(5 * 1048576),
      turnstileSecretKey: 'ts-secret',
    });
    const res = await t.client().get('/api/settings/public');
    expect(res.body.maxPasteSize).toBe(5);
    // A provider is configured: the site says it can send mail (and nothing about how).
    expect(res.body.canSendMail).toBe(true);
    expect(res.text).not.toContain('hunter2-secret');
    expect(res.text).not.toContain('ts-secret');
    expect(res.text).not.toContain('serverSecret');
  });

  it('sees a write at once through the cache', async () => {
    await t.app.services.settings.update({ siteTitle: 'Fresh' });
    expect((await t.client().get('/api/settings/public')).body.siteTitle).toBe('Fresh');
  });
});

describe('settings read back from the database', () => {
  it('a stored value that is not valid (edited by hand) falls back to its default instead of a 500', async () => {
    await completeSetup(t);
    const now = Date.now();
    const broken: [string, string][] = [
      ['siteTitle', '{not json'],
      ['enableApiKeys', JSON.stringify('yes please')],
      ['maxPasteSize', JSON.stringify(42)],
    ];
    for (const [key, value] of broken) {
      await t.db.kysely
        .updateTable('settings')
        .set({ value, updated_at: now })
        .where('key', '=', key)
        .execute();
      await t.db.kysely
        .insertInto('settings')
        .values({ key, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    t.clock.advance(5_000);
    const res = await t.client().get('/api/settings/public');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      siteTitle: 'Paste Sharing',
      enableApiKeys: true,
      maxPasteSize: 'unlimited',
    });
    // Creating a paste (which reads the size limit) still works.
    expect((await t.client().post('/api/pastes', { content: 'still fine' })).status).toBe(201);
  });
});
