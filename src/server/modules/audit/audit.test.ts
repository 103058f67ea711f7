import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { ADMIN, createUser, loginClient, withTestApp } from '../../../../test/helpers/test-app.js';
import type { AuditEntry } from '../../../common/schemas/audit.js';
import * as repository from './audit.repository.js';

const t = withTestApp();
const asAdmin = () => loginClient(t, ADMIN.username, ADMIN.password);

/** The log as an admin reads it (a new admin client logs in: that login is an entry too). */
async function audit(
  query = '',
  client?: Awaited<ReturnType<typeof asAdmin>>,
): Promise<{ entries: AuditEntry[]; total: number; page: number }> {
  const res = await (client ?? (await asAdmin())).get(`/api/admin/audit${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('the audit log records staff actions', () => {
  it('records who did what to what, from where, with field names and never secret values', async () => {
    const admin = await asAdmin();
    const user = await createUser(t);
    const paste = await createPaste(t.client(), { content: 'to be deleted' });

    expect((await admin.put(`/api/users/${user.id}`, { role: 'manager' })).status).toBe(200);
    expect((await admin.put(`/api/users/${user.id}`, { password: 'new-password-1' })).status).toBe(200);
    expect((await admin.delete(`/api/pastes/${paste.id}`)).status).toBe(200);
    expect((await admin.post('/api/admin/vip-licenses/generate')).status).toBe(200);
    const secret = 'turnstile-secret-value-9';
    const put = await admin.put('/api/settings', { siteTitle: 'Audited Title', turnstileSecretKey: secret });
    expect(put.status, put.text).toBe(200);
    expect((await admin.get('/api/admin/database/export')).status).toBe(200);

    const { entries, total } = await audit('', admin);
    const actions = entries.map((e) => e.action);
    for (const action of [
      'staff.login',
      'user.role_change',
      'user.password_change',
      'paste.delete',
      'license.generate',
      'settings.update',
      'database.export',
    ]) {
      expect(actions).toContain(action);
    }
    expect(total).toBe(entries.length);
    // Newest first.
    expect(actions[0]).toBe('database.export');

    const role = entries.find((e) => e.action === 'user.role_change')!;
    expect(role).toMatchObject({
      actorUsername: ADMIN.username,
      targetType: 'user',
      targetId: String(user.id),
      targetExists: true,
      details: { username: user.username, role: 'manager' },
      ip: '127.0.0.1',
    });
    expect(role.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const removed = entries.find((e) => e.action === 'paste.delete')!;
    expect(removed).toMatchObject({ targetType: 'paste', targetId: paste.id, targetExists: false });

    const settings = entries.find((e) => e.action === 'settings.update')!;
    expect(settings.details).toEqual({ fields: ['siteTitle', 'turnstileSecretKey'] });
    const rows = await t.db.kysely.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain('new-password-1');
  });

  it('records moderation decisions and a manager’s login', async () => {
    const manager = await createUser(t, { role: 'manager' });
    const paste = await createPaste(t.client(), { content: 'reported' });
    const report = await t.client().post(`/api/pastes/${paste.id}/report`, { reason: 'spam' });
    expect(report.status).toBe(201);
    const mod = await loginClient(t, manager.username, manager.plainPassword);
    expect((await mod.post(`/api/admin/paste-reports/${report.body.id}/reject`)).status).toBe(200);

    const { entries } = await audit(`?actor=${manager.username.toUpperCase()}`);
    expect(entries.map((e) => e.action)).toEqual(['report.reject', 'staff.login']);
    expect(entries[0]).toMatchObject({
      targetType: 'report',
      targetId: String(report.body.id),
      // Kept after the decision: the log links to it.
      targetExists: true,
      details: { pasteId: paste.id },
    });
  });

  it('keeps the actor’s name after the account is deleted', async () => {
    const second = await createUser(t, { role: 'admin' });
    const other = await loginClient(t, second.username, second.plainPassword);
    expect((await other.post('/api/admin/vip-licenses/generate')).status).toBe(200);
    expect((await (await asAdmin()).delete(`/api/users/${second.id}`)).status).toBe(200);

    const { entries } = await audit(`?actor=${second.username}&action=license.generate`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: second.id, actorUsername: second.username });
    const deletion = (await audit('?action=user.delete')).entries[0]!;
    expect(deletion).toMatchObject({
      targetId: String(second.id),
      targetExists: false,
      details: { username: second.username },
    });
  });

  it('is for admins only', async () => {
    const manager = await createUser(t, { role: 'manager' });
    const mod = await loginClient(t, manager.username, manager.plainPassword);
    expect((await mod.get('/api/admin/audit')).status).toBe(403);
    expect((await t.client().get('/api/admin/audit')).status).toBe(401);
  });

  it('filters by action, target and time, and pages on the server', async () => {
    const admin = await asAdmin();
    for (let i = 0; i < 55; i++)
      expect((await admin.post('/api/admin/vip-licenses/generate')).status).toBe(200);
    const first = await audit('?action=license.generate');
    expect(first.total).toBe(55);
    expect(first.entries).toHaveLength(50);
    const second = await audit('?action=license.generate&page=2');
    expect(second.entries).toHaveLength(5);
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(55);

    const one = first.entries[7]!;
    expect((await audit(`?target=${one.targetId}`)).entries.map((e) => e.id)).toEqual([one.id]);

    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect((await audit(`?action=license.generate&from=${today}&to=${today}`)).total).toBe(55);
    const tomorrow = new Date(t.clock.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await audit(`?action=license.generate&from=${tomorrow}`)).total).toBe(0);
    expect((await (await asAdmin()).get('/api/admin/audit?action=drop.tables')).status).toBe(400);
  });

  it('forgets entries past the retention, and its repository offers nothing else', async () => {
    await (await asAdmin()).post('/api/admin/vip-licenses/generate');
    const before = (await audit()).total;
    expect(before).toBeGreaterThan(0);
    t.clock.advance(364 * 86_400_000);
    expect(await t.app.services.audit.purge()).toBe(0);
    t.clock.advance(2 * 86_400_000);
    expect(await t.app.services.audit.purge()).toBe(before);
    // Append-only: insert, the lists and the retention purge; no update, no single delete.
    expect(Object.keys(repository).sort()).toEqual([
      'insertAuditEntry',
      'listAuditEntries',
      'listTargetEntries',
      'purgeAuditBefore',
    ]);
  });

  it('survives an import of a backup and records it with the file’s counts', async () => {
    const admin = await asAdmin();
    await createPaste(t.client(), { content: 'in the backup' });
    const file = (await admin.get('/api/admin/database/export')).text;
    const beforeImport = (await audit()).total;
    const imported = await admin.post('/api/admin/database/import', undefined, {
      raw: file,
      headers: { 'content-type': 'application/json' },
    });
    expect(imported.status, imported.text).toBe(200);
    const after = await audit();
    expect(after.total).toBe(beforeImport + 2); // the import, and this login after it
    const entry = after.entries.find((e) => e.action === 'database.import')!;
    expect(entry.details).toEqual(imported.body.counts);
  });
});
