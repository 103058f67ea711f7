import { buffer } from 'node:stream/consumers';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { blobKeyOf, createPaste, createPasteAsForm } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN, EXTREME_PASTE_BYTES } from '../../../common/constants.js';
import { BACKUP_MESSAGES } from '../../../common/schemas/backup.js';
import { buildLineIndex } from '../line-index/builder.js';
import { decodeLineIndex } from '../line-index/format.js';
import { lineIndexKey } from '../line-index/line-index-store.js';

/** Export every table as a streamed download; import it back, all or nothing. */
const t = withTestApp();
const asAdmin = () => loginClient(t, ADMIN.username, ADMIN.password);

async function snapshot() {
  const k = t.db.kysely;
  const pastes = await k.selectFrom('pastes').selectAll().orderBy('id').execute();
  const contents = await Promise.all(
    pastes.map(async (p) => {
      if (p.content !== null) return p.content;
      const chunks: Buffer[] = [];
      for await (const c of await t.app.services.blobs.get(p.blob_key!)) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    }),
  );
  return {
    users: await k.selectFrom('users').selectAll().orderBy('id').execute(),
    pastes: pastes.map(({ blob_key: _b, content: _c, ...rest }, i) => ({ ...rest, content: contents[i] })),
    reports: await k.selectFrom('reports').selectAll().orderBy('id').execute(),
    requests: await k.selectFrom('deletion_requests').selectAll().orderBy('id').execute(),
    licenses: await k.selectFrom('vip_licenses').selectAll().orderBy('id').execute(),
    totp: await k.selectFrom('totp_factors').selectAll().orderBy('user_id').execute(),
    recoveryCodes: await k.selectFrom('recovery_codes').selectAll().orderBy('code_hash').execute(),
    accessTokens: await k.selectFrom('access_tokens').selectAll().orderBy('id').execute(),
    siteTitle: (
      await k.selectFrom('settings').select('value').where('key', '=', 'siteTitle').executeTakeFirst()
    )?.value,
  };
}

async function seed() {
  const { client, user } = await signedIn(t);
  const small = await createPaste(client, { title: 'Small ✓', content: 'héllo\nwörld' });
  await createPasteAsForm(client, `${'big line\n'.repeat(60_000)}end`);
  await createPaste(t.client(), { privacy: 'password', password: 'pw-123456', content: 'secret' });
  // Held for review by a content rule: a restored site keeps it held.
  const held = await createPaste(t.client(), { content: 'held for review' });
  await t.db.kysely
    .updateTable('pastes')
    .set({ held_reason: 'rule', held_at: 1_000 })
    .where('id', '=', held.id)
    .execute();
  await t.client().post(`/api/pastes/${small.id}/report`, { reason: 'spam' });
  await client.post(`/api/pastes/${small.id}/request-delete`, { reason: 'mine' });
  // A second factor, one recovery code used: a restore must not turn it off or renew the code.
  const { secret } = (await client.post('/api/account/second-factor/totp', {})).body;
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now() });
  const { recoveryCodes } = (await client.post('/api/account/second-factor/totp/confirm', { code })).body;
  const again = t.client();
  await again.post('/api/login', {
    username: user.username,
    password: user.plainPassword,
    captchaToken: CAPTCHA_BYPASS_TOKEN,
  });
  expect((await again.post('/api/auth/second-factor', { code: recoveryCodes[0] })).status).toBe(200);
  const admin = await asAdmin();
  // An access token: restored by its hash, it keeps working.
  await admin.put('/api/settings', { enableAccessTokens: true });
  const token = (await client.post('/api/account/tokens', { name: 'ci', scopes: ['account:read'] })).body
    .token as string;
  await admin.post('/api/admin/vip-licenses/generate');
  await admin.put('/api/settings', { siteTitle: 'Before Export' });
  return { admin, user, token };
}

async function exportText(admin: Awaited<ReturnType<typeof asAdmin>>) {
  const res = await admin.get('/api/admin/database/export');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="pasteshare-backup-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  return res.text;
}

const importText = (admin: Awaited<ReturnType<typeof asAdmin>>, text: string) =>
  admin.post('/api/admin/database/import', undefined, {
    raw: text,
    headers: { 'content-type': 'application/json' },
  });

describe('database backup', () => {
  it('round-trips every table, blobs included, byte for byte', async () => {
    const { admin, token } = await seed();
    const before = await snapshot();
    expect(before.pastes.some((p) => (p.content ?? '').length > 500_000)).toBe(true);
    const text = await exportText(admin);
    // Change everything, then restore.
    await createPaste(t.client(), { content: 'made after the export' });
    await admin.put('/api/settings', { siteTitle: 'After Export' });
    const res = await importText(admin, text);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      success: true,
      counts: expect.objectContaining({
        users: 2,
        pastes: 4,
        reports: 1,
        deletion_requests: 1,
        vip_licenses: 1,
        totp_factors: 1,
        recovery_codes: 10,
        access_tokens: 1,
      }),
    });
    expect(before.totp).toHaveLength(1);
    expect(before.recoveryCodes.filter((c) => c.used_at !== null)).toHaveLength(1);
    expect(await snapshot()).toEqual(before);
    expect((await t.client().get('/api/user', { headers: { 'x-api-key': token } })).status).toBe(200);
    // Every session ended with the old users: the admin signs in again.
    expect((await admin.get('/api/admin/stats')).status).toBe(401);
    const again = await asAdmin();
    expect((await again.get('/api/admin/stats')).status).toBe(200);
    // New rows get ids after the imported ones.
    const { user } = await signedIn(t);
    expect(user.id).toBeGreaterThan(Math.max(...before.users.map((u) => u.id)));
  });

  it('refuses a bad file with 400 and changes nothing', async () => {
    const { admin } = await seed();
    const before = await snapshot();
    const good = JSON.parse(await exportText(admin));
    const bad: [string, string][] = [
      ['{"format":"pasteshare-backup","version":1,"tables":{"users":[', BACKUP_MESSAGES.notABackup],
      ['not json', BACKUP_MESSAGES.notABackup],
      [JSON.stringify({ ...good, format: 'other' }), BACKUP_MESSAGES.notABackup],
      [
        JSON.stringify({
          ...good,
          tables: { ...good.tables, users: [{ ...good.tables.users[0], role: 'owner' }] },
        }),
        'users row 1: role',
      ],
      [
        JSON.stringify({
          ...good,
          tables: { ...good.tables, pastes: [{ ...good.tables.pastes[0], role: 'admin' }] },
        }),
        'pastes row 1',
      ],
      [
        JSON.stringify({
          ...good,
          tables: { ...good.tables, reports: [{ ...good.tables.reports[0], password_hash: 'x' }] },
        }),
        'reports row 1',
      ],
      [
        JSON.stringify({
          ...good,
          tables: { ...good.tables, users: [...good.tables.users, good.tables.users[0]] },
        }),
        '',
      ],
      [
        JSON.stringify({ ...good, tables: { users: good.tables.users, settings: good.tables.settings } }),
        BACKUP_MESSAGES.outOfOrder,
      ],
      // A paste whose content is not text, or is missing: its own field's error, never a crash.
      [
        JSON.stringify({
          ...good,
          tables: { ...good.tables, pastes: [{ ...good.tables.pastes[0], content: null }] },
        }),
        'pastes row 1: content',
      ],
      [
        JSON.stringify({
          ...good,
          tables: { ...good.tables, pastes: [{ ...good.tables.pastes[0], content: 7 }] },
        }),
        'pastes row 1: content',
      ],
      [
        JSON.stringify({
          ...good,
          tables: { ...good.tables, pastes: [{ ...good.tables.pastes[0], content: undefined }] },
        }),
        'pastes row 1: content',
      ],
    ];
    for (const [i, [text, message]] of bad.entries()) {
      const res = await importText(await asAdmin(), text).catch((e: Error) => {
        throw new Error(`case ${i}: ${e.message}`);
      });
      expect(res.status, text.slice(0, 80)).toBe(400);
      expect(res.body.message).toContain(message);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('restores an extreme paste with its line index, so its first window needs no index build', async () => {
    const admin = await asAdmin();
    const text = Array.from({ length: 300_000 }, (_, i) => `restored line ${i + 1} ${'x'.repeat(30)}`).join(
      '\n',
    );
    expect(Buffer.byteLength(text)).toBeGreaterThan(EXTREME_PASTE_BYTES);
    const { id } = await createPaste(t.client(), { content: text });
    const backup = await exportText(admin);
    const res = await importText(admin, backup);
    expect(res.status, res.text).toBe(200);

    const blobKey = await blobKeyOf(t, id);
    // Written by the import itself, before anyone read the paste, and the same as one built now.
    const stored = await buffer(await t.app.services.blobs.get(lineIndexKey(blobKey)));
    const built = await buildLineIndex([Buffer.from(text)]);
    expect(decodeLineIndex(stored)).toEqual(built);
    const last = await t.client().get(`/api/pastes/${id}/lines?from=299999&count=5`);
    expect(last.status).toBe(200);
    expect(last.body.lines).toEqual([
      `restored line 299999 ${'x'.repeat(30)}`,
      `restored line 300000 ${'x'.repeat(30)}`,
    ]);
  });

  it('is for admins only', async () => {
    const { client: manager } = await signedIn(t, 'manager');
    expect((await manager.get('/api/admin/database/export')).status).toBe(403);
    const res = await manager.post('/api/admin/database/import', undefined, {
      raw: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(403);
  });
});
