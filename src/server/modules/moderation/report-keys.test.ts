import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { completeSetup, signedIn, startTestApp, withTestApp } from '../../../../test/helpers/test-app.js';
import {
  exportKeyText,
  generateKey,
  openText,
  sealText,
  sealTitle,
  toBase64,
} from '../../../common/paste-crypto/index.js';
import { ADMIN_MESSAGES } from '../../../common/schemas/admin.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import { MODERATION_SECRET_FILE } from '../../lib/moderation-secret.js';
import { openSecretBox } from '../../lib/secret-box.js';

/**
 * A reader reporting an encrypted paste may share its key with staff. The key is kept
 * only sealed under the moderation secret (never in the database in the clear), read by managers
 * and admins (each read audited), and forgotten once the report is decided or the paste deleted.
 */
const t = withTestApp();

const MARKER = 'reported-marker-Hq2nV8';

async function encryptedPaste(app = t) {
  const key = await generateKey();
  const body = {
    encrypted: true,
    content: toBase64(await sealText(key, `abusive text ${MARKER}`)),
    sealedTitle: await sealTitle(key, ''),
  };
  const res = await app.client().post('/api/pastes', body);
  expect(res.status).toBe(201);
  return { id: res.body.id as string, key, keyText: await exportKeyText(key) };
}

const reportRow = (id: number) =>
  t.db.kysely.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a report that shares the key', () => {
  it('stores it sealed; a manager reads it (audited), opens the paste; others may not', async () => {
    const p = await encryptedPaste();
    const res = await t
      .client()
      .post(`/api/pastes/${p.id}/report`, { reason: 'abuse inside', sharedKey: p.keyText });
    expect(res.status).toBe(201);
    const reportId = res.body.id as number;

    // The database holds no readable key, in that column or anywhere in the row.
    const row = await reportRow(reportId);
    expect(row.shared_key_sealed).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(p.keyText);

    const { client: manager, user: managerUser } = await signedIn(t, 'manager');
    const list = await manager.get('/api/admin/paste-reports');
    expect(list.body.reports).toEqual([
      expect.objectContaining({ id: reportId, pasteId: p.id, pasteEncrypted: true, keyShared: true }),
    ]);

    const got = await manager.get(`/api/admin/paste-reports/${reportId}/key`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ key: p.keyText });
    expect(got.headers.get('cache-control')).toBe('no-store');
    // Staff read the sealed bytes through the normal read and open them in their browser.
    const view = await manager.get(`/api/pastes/${p.id}`);
    expect(await openText(p.key, Buffer.from(view.body.content, 'base64'))).toContain(MARKER);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'report.key_read')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: managerUser.id,
      target_type: 'report',
      target_id: String(reportId),
    });
    expect(JSON.stringify(audit)).not.toContain(p.keyText);

    const { client: user } = await signedIn(t);
    expect((await user.get(`/api/admin/paste-reports/${reportId}/key`)).status).toBe(403);
    const anonymous = await t.client().get(`/api/admin/paste-reports/${reportId}/key`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain(p.keyText);
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.get(`/api/admin/paste-reports/${reportId}/key`)).body).toEqual({ key: p.keyText });
  });

  it('lets staff read a password-protected encrypted paste without its password, then open it', async () => {
    const key = await generateKey();
    const res = await t.client().post('/api/pastes', {
      encrypted: true,
      content: toBase64(await sealText(key, `locked ${MARKER}`)),
      sealedTitle: await sealTitle(key, ''),
      privacy: 'password',
      password: 'reader-pass-1',
    });
    const id = res.body.id as string;
    const keyText = await exportKeyText(key);
    const { id: reportId } = (
      await t.client().post(`/api/pastes/${id}/report`, { reason: 'r', sharedKey: keyText })
    ).body;
    const { client: manager } = await signedIn(t, 'manager');
    expect((await manager.get(`/api/admin/paste-reports/${reportId}/key`)).body).toEqual({ key: keyText });
    const view = await manager.get(`/api/pastes/${id}`);
    expect(view.body).toMatchObject({ staffAccess: true, encrypted: true, requiresPassword: false });
    expect(await openText(key, Buffer.from(view.body.content, 'base64'))).toContain(MARKER);
  });

  it('refuses a key for a plain paste, and a malformed key, storing nothing', async () => {
    const { id: plain } = await createPaste(t.client(), { content: 'plain text' });
    const p = await encryptedPaste();
    const onPlain = await t
      .client()
      .post(`/api/pastes/${plain}/report`, { reason: 'x', sharedKey: p.keyText });
    expect(onPlain.status).toBe(400);
    expect(onPlain.body.message).toBe(PASTE_MESSAGES.sharedKeyNotEncrypted);
    for (const bad of [
      'short',
      `${p.keyText}A`,
      `${p.keyText.slice(0, 42)}=`,
      `${p.keyText.slice(0, 42)}+`,
      '',
    ]) {
      const res = await t.client().post(`/api/pastes/${p.id}/report`, { reason: 'x', sharedKey: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBe(PASTE_MESSAGES.sharedKeyInvalid);
    }
    expect(await t.db.kysely.selectFrom('reports').select('id').execute()).toHaveLength(0);
    // Without a key, an encrypted paste's report says so to staff.
    const plainReport = await t.client().post(`/api/pastes/${p.id}/report`, { reason: 'no key' });
    const { client: manager } = await signedIn(t, 'manager');
    expect((await manager.get('/api/admin/paste-reports')).body.reports).toEqual([
      expect.objectContaining({ id: plainReport.body.id, pasteEncrypted: true, keyShared: false }),
    ]);
    const none = await manager.get(`/api/admin/paste-reports/${plainReport.body.id}/key`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(ADMIN_MESSAGES.reportKeyNotFound);
  });

  it('forgets the key once the report is decided, either way', async () => {
    const { client: manager } = await signedIn(t, 'manager');
    for (const action of ['reject', 'approve'] as const) {
      const p = await encryptedPaste();
      const { id: reportId } = (
        await t.client().post(`/api/pastes/${p.id}/report`, { reason: action, sharedKey: p.keyText })
      ).body;
      expect((await manager.post(`/api/admin/paste-reports/${reportId}/${action}`)).status).toBe(200);
      expect((await reportRow(reportId)).shared_key_sealed).toBeNull();
      const res = await manager.get(`/api/admin/paste-reports/${reportId}/key`);
      expect(res.status, action).toBe(404);
      const listed = (await manager.get('/api/admin/paste-reports')).body.reports.find(
        (r: { id: number }) => r.id === reportId,
      );
      expect(listed).toMatchObject({ keyShared: false });
    }
  });

  it('forgets the keys of a paste the admin deletes', async () => {
    const p = await encryptedPaste();
    const { id: reportId } = (
      await t.client().post(`/api/pastes/${p.id}/report`, { reason: 'bad', sharedKey: p.keyText })
    ).body;
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.delete(`/api/pastes/${p.id}`)).status).toBe(200);
    expect((await reportRow(reportId)).shared_key_sealed).toBeNull();
    expect((await admin.get(`/api/admin/paste-reports/${reportId}/key`)).status).toBe(404);
  });
});

describe('the moderation secret', () => {
  it('comes from MODERATION_KEY_SECRET when set, and no file is made', async () => {
    const secret = 'an-operator-chosen-secret-of-40-characters!';
    const app = await startTestApp({ env: { MODERATION_KEY_SECRET: secret } });
    try {
      await completeSetup(app);
      const p = await encryptedPaste(app);
      const { id } = (
        await app.client().post(`/api/pastes/${p.id}/report`, { reason: 'r', sharedKey: p.keyText })
      ).body;
      const row = await app.db.kysely
        .selectFrom('reports')
        .select('shared_key_sealed')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(openSecretBox(row.shared_key_sealed!, secret)).toBe(p.keyText);
      expect(fs.existsSync(path.join(app.dataDir, MODERATION_SECRET_FILE))).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('is otherwise a file in the data folder, readable by its owner only, used again after a restart', async () => {
    const p = await encryptedPaste();
    const { id } = (
      await t.client().post(`/api/pastes/${p.id}/report`, { reason: 'r', sharedKey: p.keyText })
    ).body;
    const file = path.join(t.dataDir, MODERATION_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(file, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(43);
    const row = await reportRow(id);
    expect(openSecretBox(row.shared_key_sealed!, secret)).toBe(p.keyText);

    // Another process on the same data folder (a restart) reads the same file.
    const again = await startTestApp({ sharing: t });
    try {
      const { client: manager } = await signedIn(again, 'manager');
      expect((await manager.get(`/api/admin/paste-reports/${id}/key`)).body).toEqual({ key: p.keyText });
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
    } finally {
      await again.close();
    }
  });
});

describe('keys of pastes gone without a decision', () => {
  it('are forgotten by the background task once the paste expired and was swept', async () => {
    const p = await encryptedPaste();
    const other = await encryptedPaste();
    const report = async (id: string, keyText: string) =>
      (await t.client().post(`/api/pastes/${id}/report`, { reason: 'r', sharedKey: keyText })).body
        .id as number;
    const gone = await report(p.id, p.keyText);
    const kept = await report(other.id, other.keyText);
    // Expired (1 day) and swept: the row is deleted without any report being decided.
    t.clock.advance(2 * 86_400_000);
    await t.app.services.pastes.sweep();
    expect(await t.app.services.moderation.forgetKeysOfGonePastes()).toBe(2);
    expect((await reportRow(gone)).shared_key_sealed).toBeNull();
    expect((await reportRow(kept)).shared_key_sealed).toBeNull();
    expect((await reportRow(gone)).status).toBe('pending');
  });

  it('leave the keys of live pastes alone', async () => {
    const p = await encryptedPaste();
    const { id } = (
      await t.client().post(`/api/pastes/${p.id}/report`, { reason: 'r', sharedKey: p.keyText })
    ).body;
    expect(await t.app.services.moderation.forgetKeysOfGonePastes()).toBe(0);
    expect((await reportRow(id)).shared_key_sealed).not.toBeNull();
  });
});

describe('logs', () => {
  it('never carry a shared key, at the most verbose level, through the report, the list and the read', async () => {
    const lines: string[] = [];
    const app = await startTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (l) => lines.push(l) },
    });
    try {
      await completeSetup(app);
      const p = await encryptedPaste(app);
      const { id } = (
        await app.client().post(`/api/pastes/${p.id}/report`, { reason: 'r', sharedKey: p.keyText })
      ).body;
      // A refused one too: the error path logs its own way.
      await app.client().post(`/api/pastes/${p.id}/report`, { reason: 'r', sharedKey: `${p.keyText}x` });
      const { client: manager } = await signedIn(app, 'manager');
      await manager.get('/api/admin/paste-reports');
      expect((await manager.get(`/api/admin/paste-reports/${id}/key`)).body).toEqual({ key: p.keyText });
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.join('\n')).not.toContain(p.keyText);
    } finally {
      await app.close();
    }
  });
});
