import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { createPaste } from '../../../../test/helpers/pastes.js';
import {
  loginClient,
  signedIn,
  startTestApp,
  type TestApp,
  withTestApp,
} from '../../../../test/helpers/test-app.js';

/**
 * Staff (managers and admins) open password pastes without the password; each such read is in
 * the audit log as `paste.staff_read`, once per paste, staff member and clock hour — decided by
 * the database, so that it holds over several instances — and ordinary readers write nothing.
 */
const t = withTestApp({ env: { PASTE_CREATE_PER_IP_PER_MIN: '1000' } });

const HOUR_MS = 60 * 60 * 1000;
const PASSWORD = 'paste-pass-1';

const staffReads = (app: TestApp = t) =>
  app.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'paste.staff_read')
    .orderBy('id')
    .execute();

/** A password paste by a user, edited once (so it has revisions to read). */
async function protectedPaste() {
  const { client: author } = await signedIn(t);
  const { id } = await createPaste(author, { content: 'first\n', privacy: 'password', password: PASSWORD });
  expect((await author.put(`/api/pastes/${id}`, { content: 'first\nsecond\n' })).status).toBe(200);
  return { id, author };
}

/** Every way of reading a paste's text: view, raw, download, lines, revisions. */
async function readEverything(client: HttpClient, id: string, headers: Record<string, string> = {}) {
  const paths = [
    `/api/pastes/${id}`,
    `/api/pastes/${id}/raw`,
    `/raw/${id}`,
    `/api/pastes/${id}/download`,
    `/api/pastes/${id}/lines?from=1&count=10`,
    `/api/pastes/${id}/revisions`,
    `/api/pastes/${id}/revisions/1`,
    `/api/pastes/${id}/revisions/2/raw`,
  ];
  for (const path of paths) {
    const res = await client.get(path, { headers });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
  }
}

/** Queries the instance ran through Kysely so far (the metrics' count). */
async function kyselyQueries(app: TestApp = t): Promise<number> {
  const metric = await app.app.services.metrics.dbQueries.get();
  return metric.values.filter((v) => v.metricName?.endsWith('_count')).reduce((sum, v) => sum + v.value, 0);
}

describe('staff reading a password paste', () => {
  it('is recorded once per paste, staff member and hour, whatever they read of it', async () => {
    const p = await protectedPaste();
    const { client: manager, user: managerUser } = await signedIn(t, 'manager');
    const viewed = await manager.get(`/api/pastes/${p.id}`);
    expect(viewed.body).toMatchObject({ staffAccess: true, content: 'first\nsecond\n' });
    await readEverything(manager, p.id);
    await readEverything(manager, p.id);
    const entries = await staffReads();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: managerUser.id,
      actor_username: managerUser.username,
      target_type: 'paste',
      target_id: p.id,
      ip: '127.0.0.1',
    });
    expect(entries[0]!.request_id).toMatch(/^[0-9a-f-]{36}$/);

    // As admins read the log.
    const { client: admin, user: adminUser } = await signedIn(t, 'admin');
    const log = await admin.get('/api/admin/audit?action=paste.staff_read');
    expect(log.status).toBe(200);
    expect(log.body.entries).toEqual([
      expect.objectContaining({ action: 'paste.staff_read', targetType: 'paste', targetId: p.id }),
    ]);

    // Another staff member, another paste, the next hour: an entry each.
    await readEverything(admin, p.id);
    const other = await protectedPaste();
    await manager.get(`/api/pastes/${other.id}/revisions`);
    t.clock.advance(HOUR_MS);
    await manager.get(`/raw/${p.id}`);
    await manager.get(`/api/pastes/${p.id}`);
    expect((await staffReads()).map((e) => [e.actor_id, e.target_id])).toEqual([
      [managerUser.id, p.id],
      [adminUser.id, p.id],
      [managerUser.id, other.id],
      [managerUser.id, p.id],
    ]);
  });

  it('records nothing for the author, a reader with the password, or staff reading an open paste', async () => {
    const p = await protectedPaste();
    await readEverything(p.author, p.id);
    await readEverything(t.client(), p.id, { 'x-paste-password': PASSWORD });
    const { client: manager } = await signedIn(t, 'manager');
    const { id: open } = await createPaste(t.client(), { content: 'open\n' });
    await manager.get(`/api/pastes/${open}`);
    await manager.get(`/raw/${open}`);
    // Staff who wrote a password paste read their own paste.
    const { id: own } = await createPaste(manager, {
      content: 'mine\n',
      privacy: 'password',
      password: PASSWORD,
    });
    await manager.get(`/api/pastes/${own}`);
    expect(await staffReads()).toEqual([]);
  });

  it('adds no database query to an ordinary reader’s read of a password paste', async () => {
    const p = await protectedPaste();
    const { client: user } = await signedIn(t);
    const { id: open } = await createPaste(t.client(), { content: 'open\n' });
    const grant = (await t.client().post(`/api/pastes/${p.id}/verify`, { password: PASSWORD })).body
      .accessToken as string;
    const queriesOf = async (read: () => Promise<unknown>) => {
      await read(); // the row is then kept in memory, as for any paste read again
      // The first read's view is written by the counter's own timer; write it now so that batch
      // does not land inside the measured reads on a slow machine.
      await t.app.services.views.flush();
      const before = await kyselyQueries();
      await read();
      await read();
      return (await kyselyQueries()) - before;
    };
    // A visitor: nothing at all. A signed-in reader: their session's look-up, as for an open paste.
    expect(await queriesOf(() => t.client().get(`/raw/${p.id}?access=${encodeURIComponent(grant)}`))).toBe(0);
    const openRead = await queriesOf(() => user.get(`/api/pastes/${open}`));
    const headers = { 'x-paste-password': PASSWORD };
    expect(await queriesOf(() => user.get(`/api/pastes/${p.id}`, { headers }))).toBe(openRead);
    expect(await staffReads()).toEqual([]);
  });
});

describe('over several instances', () => {
  it('is still one entry an hour when the reads go through both at once', async () => {
    const p = await protectedPaste();
    const other = await startTestApp({ sharing: t, clock: t.clock });
    try {
      const { client: manager, user } = await signedIn(t, 'manager');
      const throughOther = await loginClient(other, user.username, user.plainPassword);
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? manager : throughOther).get(`/api/pastes/${p.id}${i % 3 ? '' : '/revisions'}`),
        ),
      );
      expect(await staffReads()).toHaveLength(1);
      t.clock.advance(HOUR_MS);
      await throughOther.get(`/raw/${p.id}`);
      await manager.get(`/raw/${p.id}`);
      expect(await staffReads()).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
