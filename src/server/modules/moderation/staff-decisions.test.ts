import { describe, expect, it } from 'vitest';
import { createPaste, createPasteAsForm } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { ADMIN_MESSAGES } from '../../../common/schemas/admin.js';

/** Staff list reports and deletion requests and decide each exactly once. */
const t = withTestApp();

const pasteCount = async () => (await t.db.kysely.selectFrom('pastes').select('id').execute()).length;

async function pendingReport(reason = 'spam link') {
  const { id } = await createPaste(t.client(), { title: 'Buy now' });
  const res = await t.client().post(`/api/pastes/${id}/report`, { reason });
  return { pasteId: id, reportId: res.body.id as number };
}

describe('reports for staff', () => {
  it('lists every report newest first with the reporter, as a manager sees them', async () => {
    const first = await pendingReport('first');
    const { client: reporter, user } = await signedIn(t);
    const { id: pasteId } = await createPaste(t.client());
    await reporter.post(`/api/pastes/${pasteId}/report`, { reason: 'second' });
    const { client: manager } = await signedIn(t, 'manager');
    const res = await manager.get('/api/admin/paste-reports');
    expect(res.status).toBe(200);
    expect(res.body.reports).toEqual([
      {
        id: expect.any(Number),
        pasteId,
        pasteTitle: null,
        reportedBy: user.id,
        reporterUsername: user.username,
        reason: 'second',
        status: 'pending',
        createdAt: expect.any(String),
        pasteEncrypted: false,
        keyShared: false,
      },
      expect.objectContaining({ id: first.reportId, pasteTitle: 'Buy now', reporterUsername: null }),
    ]);
  });

  it('approving deletes the paste (row and blob) and keeps the report, approved', async () => {
    const { id: pasteId } = await createPasteAsForm(t.client(), 'x'.repeat(2 * 1024 * 1024));
    const { body } = await t.client().post(`/api/pastes/${pasteId}/report`, { reason: 'too big' });
    const blobKey = (await t.db.kysely.selectFrom('pastes').select('blob_key').executeTakeFirstOrThrow())
      .blob_key!;
    expect(await t.app.services.blobs.size(blobKey)).toBe(2 * 1024 * 1024);
    const { client: manager } = await signedIn(t, 'manager');
    const res = await manager.post(`/api/admin/paste-reports/${body.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({ id: body.id, pasteId, status: 'approved' });
    expect(await pasteCount()).toBe(0);
    expect(await t.app.services.blobs.size(blobKey)).toBeNull();
    expect((await t.client().get(`/api/pastes/${pasteId}`)).status).toBe(404);
    const listed = (await manager.get('/api/admin/paste-reports')).body.reports;
    expect(listed).toEqual([expect.objectContaining({ id: body.id, status: 'approved' })]);
  });

  it('rejecting keeps the paste', async () => {
    const { pasteId, reportId } = await pendingReport();
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const res = await admin.post(`/api/admin/paste-reports/${reportId}/reject`);
    expect(res.body.report).toMatchObject({ status: 'rejected' });
    expect((await t.client().get(`/api/pastes/${pasteId}`)).status).toBe(200);
  });

  it('decides every pending report of the paste with the one decided (one card per paste)', async () => {
    for (const decision of ['approve', 'reject'] as const) {
      const { pasteId, reportId } = await pendingReport();
      const { client: second } = await signedIn(t);
      expect((await second.post(`/api/pastes/${pasteId}/report`, { reason: 'me too' })).status).toBe(201);
      const other = await createPaste(t.client());
      await second.post(`/api/pastes/${other.id}/report`, { reason: 'another paste' });
      const admin = await loginClient(t, ADMIN.username, ADMIN.password);
      expect((await admin.post(`/api/admin/paste-reports/${reportId}/${decision}`)).status).toBe(200);
      const rows = await t.db.kysely.selectFrom('reports').select(['paste_id', 'status']).execute();
      const expected = decision === 'approve' ? 'approved' : 'rejected';
      expect(rows.filter((r) => r.paste_id === pasteId).map((r) => r.status)).toEqual([expected, expected]);
      expect(rows.find((r) => r.paste_id === other.id)?.status).toBe('pending');
      await t.db.kysely.deleteFrom('reports').execute();
    }
  });

  it('decides once: a second decision, or two at the same time, gets 409 and changes nothing', async () => {
    const { reportId } = await pendingReport();
    const { client: a } = await signedIn(t, 'manager');
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const [x, y] = await Promise.all([
      a.post(`/api/admin/paste-reports/${reportId}/approve`),
      admin.post(`/api/admin/paste-reports/${reportId}/reject`),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const loser = x.status === 409 ? x : y;
    expect(loser.body).toEqual({
      error: 'CONFLICT',
      message: ADMIN_MESSAGES.alreadyDecided,
      requestId: expect.any(String),
    });
    const winner = x.status === 200 ? 'approved' : 'rejected';
    const row = await t.db.kysely.selectFrom('reports').select('status').executeTakeFirstOrThrow();
    expect(row.status).toBe(winner);
    expect(await pasteCount()).toBe(winner === 'approved' ? 0 : 1);
    expect((await a.post(`/api/admin/paste-reports/${reportId}/approve`)).status).toBe(409);
  });

  it('answers 404 for unknown and malformed ids, and refuses users', async () => {
    const { client: manager } = await signedIn(t, 'manager');
    for (const id of ['999999', '0', 'abc', '1e3', '-1']) {
      const res = await manager.post(`/api/admin/paste-reports/${id}/approve`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe(ADMIN_MESSAGES.reportNotFound);
    }
    const { reportId } = await pendingReport();
    const { client: user } = await signedIn(t);
    expect((await user.post(`/api/admin/paste-reports/${reportId}/approve`)).status).toBe(403);
    expect((await user.get('/api/admin/paste-reports')).status).toBe(403);
    expect((await t.client().get('/api/admin/paste-reports')).status).toBe(401);
    expect(await pasteCount()).toBe(1);
  });
});

describe('deletion requests for staff', () => {
  async function pendingRequest() {
    const { client: author, user } = await signedIn(t);
    const { id: pasteId } = await createPaste(author, { title: 'Old notes' });
    const res = await author.post(`/api/pastes/${pasteId}/request-delete`, { reason: 'no longer needed' });
    return { pasteId, requestId: res.body.id as number, user };
  }

  it('lists them with the requester, and approving deletes the paste', async () => {
    const { pasteId, requestId, user } = await pendingRequest();
    const { client: manager } = await signedIn(t, 'manager');
    const list = await manager.get('/api/admin/delete-requests');
    expect(list.body.requests).toEqual([
      {
        id: requestId,
        pasteId,
        pasteTitle: 'Old notes',
        userId: user.id,
        username: user.username,
        reason: 'no longer needed',
        status: 'pending',
        createdAt: expect.any(String),
      },
    ]);
    const res = await manager.post(`/api/admin/delete-requests/${requestId}/approve`);
    expect(res.body.request).toMatchObject({ id: requestId, status: 'approved' });
    expect(await pasteCount()).toBe(0);
    expect((await manager.post(`/api/admin/delete-requests/${requestId}/reject`)).status).toBe(409);
  });

  it('rejecting keeps the paste; unknown ids are 404', async () => {
    const { pasteId, requestId } = await pendingRequest();
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    expect((await admin.post(`/api/admin/delete-requests/${requestId}/reject`)).body.request.status).toBe(
      'rejected',
    );
    expect((await t.client().get(`/api/pastes/${pasteId}`)).status).toBe(200);
    const missing = await admin.post('/api/admin/delete-requests/424242/approve');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ADMIN_MESSAGES.requestNotFound);
  });
});

describe('GET /api/admin/stats', () => {
  it('gives a manager the pending counts only, and an admin the totals too', async () => {
    await pendingReport();
    const { client: author } = await signedIn(t);
    const { id } = await createPaste(author, { privacy: 'password', password: 'pw-123456' });
    await author.post(`/api/pastes/${id}/request-delete`, { reason: 'mine' });
    const viewed = (await createPaste(t.client())).id;
    await t.db.kysely.updateTable('pastes').set({ view_count: 7 }).where('id', '=', viewed).execute();
    await createPaste(t.client(), { privacy: 'unlisted' });
    const { client: manager } = await signedIn(t, 'manager');
    expect((await manager.get('/api/admin/stats')).body).toEqual({
      pendingDeleteRequests: 1,
      pendingReports: 1,
    });
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const stats = (await admin.get('/api/admin/stats')).body;
    expect(stats).toMatchObject({
      pendingDeleteRequests: 1,
      pendingReports: 1,
      totalUsers: 3,
      totalPastes: 4,
      publicPastes: 2,
      unlistedPastes: 1,
      protectedPastes: 1,
      totalViews: 7,
    });
    // The cards add up.
    expect(stats.publicPastes + stats.unlistedPastes + stats.protectedPastes).toBe(stats.totalPastes);
  });
});

describe('how long reports wait', () => {
  it('the Safety tab gives the median time from report to decision over its days, and the metric counts each', async () => {
    const { client: manager } = await signedIn(t, 'manager');
    const stats = async () => (await manager.get('/api/admin/safety/stats')).body.reportDecisions;
    expect(await stats()).toEqual({ decided: 0, medianSeconds: null });

    // Two reports of one paste decided together after an hour and after 30 minutes; one more after 4 hours.
    const first = await pendingReport();
    t.clock.advance(30 * 60_000);
    const { client: reader } = await signedIn(t);
    expect((await reader.post(`/api/pastes/${first.pasteId}/report`, { reason: 'me too' })).status).toBe(201);
    t.clock.advance(30 * 60_000);
    expect((await manager.post(`/api/admin/paste-reports/${first.reportId}/reject`)).status).toBe(200);
    const other = await pendingReport();
    t.clock.advance(4 * 3_600_000);
    expect((await manager.post(`/api/admin/paste-reports/${other.reportId}/approve`)).status).toBe(200);
    expect(await stats()).toEqual({ decided: 3, medianSeconds: 3600 });
    // Still pending: not counted.
    await pendingReport();
    expect((await stats()).decided).toBe(3);

    const metric = await t.app.services.metrics.registry.getSingleMetricAsString(
      'pasteshare_report_decision_seconds',
    );
    expect(metric).toContain('pasteshare_report_decision_seconds_count 3');
    expect(metric).toContain('pasteshare_report_decision_seconds_sum 19800');

    // Past the tab's 14 days, those decisions no longer count.
    t.clock.advance(15 * 24 * 3_600_000);
    expect(await stats()).toEqual({ decided: 0, medianSeconds: null });
  });
});
