import { describe, expect, it } from 'vitest';
import { withSmtpSinkApp } from '../../../../test/helpers/factories.js';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { createUser, loginClient, signedIn } from '../../../../test/helpers/test-app.js';

/**
 * A reporter is told how their report was decided: an account by a notice on its next visit and a
 * mail at its verified address, a visitor by mail at the address they gave (erased once decided).
 * Through the real loopback SMTP server; never who decided.
 */
const { t, sink } = withSmtpSinkApp();

const reportEmails = async () =>
  (await t.db.kysely.selectFrom('reports').select('reporter_email').execute()).map((r) => r.reporter_email);

describe('reporters told the outcome', () => {
  it('tells an account (notice and mail) and a visitor (mail only) that the reported paste was removed', async () => {
    const { client: author } = await signedIn(t);
    const { id } = await createPaste(author, { title: 'Fake bank login', content: 'enter your pin here' });
    const reporter = await createUser(t, { email: 'reporter@example.com' });
    const member = await loginClient(t, reporter.username, reporter.plainPassword);
    expect((await member.post(`/api/pastes/${id}/report`, { reason: 'phishing' })).status).toBe(201);
    const visitor = await t
      .client()
      .post(`/api/pastes/${id}/report`, { reason: 'phishing too', email: 'visitor@example.org' });
    expect(visitor.status, visitor.text).toBe(201);
    expect(await reportEmails()).toContain('visitor@example.org');

    const { client: staff, user: moderator } = await signedIn(t, 'manager');
    const reportId = (await staff.get('/api/admin/paste-reports')).body.reports[0].id;
    expect((await staff.post(`/api/admin/paste-reports/${reportId}/approve`)).status).toBe(200);
    await t.app.services.mail.settled();

    const said = 'The paste you reported (“Fake bank login”) was removed. Thank you for reporting it.';
    const notices = await member.get('/api/account/notices');
    expect(notices.body.notices).toMatchObject([
      {
        kind: 'report-decided',
        pasteId: id,
        pasteTitle: 'Fake bank login',
        outcome: 'deleted',
        message: said,
      },
    ]);
    const toVisitor = await sink.waitForMessage((m) => m.to.includes('visitor@example.org'));
    const toMember = await sink.waitForMessage((m) => m.to.includes('reporter@example.com'));
    for (const mail of [toVisitor, toMember]) {
      expect(mail.subject).toMatch(/Your report to .* was decided/);
      expect(mail.text).toContain(said);
      expect(mail.text).not.toContain(moderator.username);
    }
    // Kept only to tell the visitor.
    expect(await reportEmails()).toEqual([null, null]);

    // Dismissed, it is gone; someone else's notice is not theirs to dismiss.
    const noticeId = notices.body.notices[0].id;
    const { client: stranger } = await signedIn(t);
    expect((await stranger.delete(`/api/account/notices/${noticeId}`)).status).toBe(404);
    expect((await member.delete(`/api/account/notices/${noticeId}`)).status).toBe(200);
    expect((await member.get('/api/account/notices')).body.notices).toEqual([]);
  });

  it('tells a reporter that a paste was kept, and mails no address an account has not verified', async () => {
    const { client: author } = await signedIn(t);
    const { id } = await createPaste(author, { title: 'A recipe', content: 'flour, water, salt' });
    const reporter = await createUser(t, { email: 'unverified@example.com', emailVerified: false });
    const member = await loginClient(t, reporter.username, reporter.plainPassword);
    expect((await member.post(`/api/pastes/${id}/report`, { reason: 'spam?' })).status).toBe(201);
    const { client: staff } = await signedIn(t, 'manager');
    const reportId = (await staff.get('/api/admin/paste-reports')).body.reports[0].id;
    expect((await staff.post(`/api/admin/paste-reports/${reportId}/reject`)).status).toBe(200);
    await t.app.services.mail.settled();
    expect((await member.get('/api/account/notices')).body.notices).toMatchObject([
      { pasteId: id, outcome: 'kept', message: expect.stringContaining('was reviewed and kept') },
    ]);
    expect(sink.messages).toEqual([]);
  });

  it('refuses an address that is not one, storing nothing', async () => {
    const { client: author } = await signedIn(t);
    const { id } = await createPaste(author, { content: 'anything' });
    const res = await t
      .client()
      .post(`/api/pastes/${id}/report`, { reason: 'spam', email: 'not an address' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('email: enter an email address to be told the outcome');
    expect(await reportEmails()).toEqual([]);
  });

  it('lets only a signed-in account read notices', async () => {
    expect((await t.client().get('/api/account/notices')).status).toBe(401);
  });
});
