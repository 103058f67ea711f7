import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';

/** "Delete everything by this account or address", from a report card. */
const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

async function pasteFrom(ip: string, content: string): Promise<string> {
  const res = await t
    .client()
    .post('/api/pastes', { content, privacy: 'public', expiration: '1d' }, from(ip));
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function reportOf(pasteId: string): Promise<number> {
  const res = await t
    .client()
    .post(`/api/pastes/${pasteId}/report`, { reason: 'spam wave' }, from('192.0.2.1'));
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const exists = async (id: string) => (await t.client().get(`/api/pastes/${id}`)).status === 200;

describe('delete everything by the author of a reported paste', () => {
  it('by address: previews the count, refuses a stale one, deletes only that address’s pastes', async () => {
    const spam = [
      await pasteFrom('203.0.113.7', 'buy now 1'),
      await pasteFrom('203.0.113.7', 'buy now 2'),
      await pasteFrom('203.0.113.7', 'buy now 3'),
    ];
    const neighbour = await pasteFrom('203.0.113.8', 'an honest paste');
    const reportId = await reportOf(spam[0]!);
    const { client: staff } = await signedIn(t, 'manager');

    const preview = await staff.get(`/api/admin/paste-reports/${reportId}/author`);
    expect(preview.body).toEqual({ account: null, address: { address: '203.0.113.7', pastes: 3 } });
    await pasteFrom('203.0.113.7', 'buy now 4');
    const stale = await staff.post(`/api/admin/paste-reports/${reportId}/delete-everything`, {
      by: 'address',
      expected: 3,
    });
    expect([stale.status, stale.body.error]).toEqual([409, 'CONFLICT']);
    expect(stale.body.message).toContain('now 4');
    const noAccount = await staff.post(`/api/admin/paste-reports/${reportId}/delete-everything`, {
      by: 'account',
      expected: 0,
    });
    expect(noAccount.status).toBe(400);

    const done = await staff.post(`/api/admin/paste-reports/${reportId}/delete-everything`, {
      by: 'address',
      expected: 4,
    });
    expect(done.body).toEqual({ deleted: 4 });
    for (const id of spam) expect(await exists(id)).toBe(false);
    expect(await exists(neighbour)).toBe(true);
    const [report] = (await staff.get('/api/admin/paste-reports')).body.reports;
    expect(report).toMatchObject({ id: reportId, status: 'approved' });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'paste.delete_by_author')
      .execute();
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({
      by: 'address',
      author: '203.0.113.7',
      deleted: 4,
    });
    // The paste is gone: there is no author to look up any more.
    expect((await staff.get(`/api/admin/paste-reports/${reportId}/author`)).status).toBe(404);
  });

  it('by account: every paste of the account, wherever it was sent from; staff only', async () => {
    const { user, client: author } = await signedIn(t);
    const ids = [
      (await createPaste(author, { content: 'one' })).id,
      (await createPaste(author, { content: 'two', privacy: 'unlisted' })).id,
    ];
    const visitor = await pasteFrom('127.0.0.1', 'a visitor on the same address');
    const reportId = await reportOf(ids[0]!);
    const { client: member } = await signedIn(t);
    expect((await member.get(`/api/admin/paste-reports/${reportId}/author`)).status).toBe(403);

    const { client: staff } = await signedIn(t, 'admin');
    const preview = await staff.get(`/api/admin/paste-reports/${reportId}/author`);
    expect(preview.body.account).toEqual({ username: user.username, pastes: 2 });
    expect(preview.body.address).toEqual({ address: '127.0.0.1', pastes: 3 });
    const done = await staff.post(`/api/admin/paste-reports/${reportId}/delete-everything`, {
      by: 'account',
      expected: 2,
    });
    expect(done.body).toEqual({ deleted: 2 });
    for (const id of ids) expect(await exists(id)).toBe(false);
    expect(await exists(visitor)).toBe(true);
    expect((await staff.get('/api/admin/paste-reports/999999/author')).status).toBe(404);
  });
});
