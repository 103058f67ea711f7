import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { SAFETY_MESSAGES } from '../../../common/messages.js';
import type { ModerationDecision } from '../../../common/schemas/admin.js';
import type { AccountNotice } from '../../../common/schemas/safety.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { MailService } from '../mail/mail.service.js';
import { renderReportDecidedEmail } from '../mail/mail.templates.js';
import type { SettingsService } from '../settings/settings.service.js';
import { deleteNotice, insertNotices, listNotices } from './account-notices.repository.js';
import { presentNotice } from './moderation.presenter.js';
import { eraseReporterEmails, reportersDecidedSince } from './reports.repository.js';

/** An account sees at most this many notices at once (the oldest first; dismissed ones go). */
const NOTICES_SHOWN = 20;

export interface ReportNoticeDeps {
  db: Kysely<Database>;
  clock: Clock;
  mail: Pick<MailService, 'sendInBackground' | 'siteOrigin'>;
  settings: Pick<SettingsService, 'get'>;
  log: FastifyBaseLogger;
}

/**
 * Telling reporters how their report was decided: each account that reported gets a notice on its
 * next visit and, when mail is configured, a mail at its verified address; a visitor gets a mail at
 * the address they gave, which is then erased. Never who decided.
 */
export function createReportNotices({ db, clock, mail, settings, log }: ReportNoticeDeps) {
  return {
    /** Tells everyone whose report of `pasteId` was decided at `since` or later (one decision settles them all). */
    async tell(pasteId: string, decision: ModerationDecision, since: number): Promise<void> {
      const outcome = decision === 'approved' ? 'deleted' : 'kept';
      const rows = await reportersDecidedSince(db, pasteId, since);
      const title = rows[0]?.paste_title ?? null;
      const accounts = [...new Set(rows.flatMap((r) => (r.reported_by === null ? [] : [r.reported_by])))];
      await insertNotices(
        db,
        accounts.map((user_id) => ({
          user_id,
          kind: 'report-decided' as const,
          paste_id: pasteId,
          paste_title: title,
          outcome,
          created_at: clock.now(),
        })),
      );
      const s = await settings.get();
      const to = new Set<string>();
      for (const r of rows) {
        if (r.reported_by === null && r.reporter_email) to.add(r.reporter_email);
        else if (r.email_verified === 1 && r.account_email) to.add(r.account_email);
      }
      // Kept only to tell the visitor: gone whether or not mail can be sent.
      await eraseReporterEmails(db, pasteId);
      const mailing = s.emailProvider !== 'none';
      log.info(
        { pasteId, decision, notices: accounts.length, mails: mailing ? to.size : 0 },
        'reporters told of the decision',
      );
      if (!mailing || to.size === 0) return;
      const origin = await mail.siteOrigin();
      const link = outcome === 'kept' && origin ? `${origin}/paste/${pasteId}` : null;
      const message = SAFETY_MESSAGES.reportDecided(title, outcome);
      for (const address of to) {
        mail.sendInBackground(
          { to: address, ...renderReportDecidedEmail(s, { message, link }) },
          log,
          'report decision',
        );
      }
    },

    async list(userId: number): Promise<AccountNotice[]> {
      return (await listNotices(db, userId, NOTICES_SHOWN)).map(presentNotice);
    },

    async dismiss(userId: number, rawId: string): Promise<void> {
      const id = /^[1-9]\d{0,15}$/.test(rawId) ? Number(rawId) : null;
      if (id === null || !(await deleteNotice(db, userId, id)))
        throw notFound(SAFETY_MESSAGES.noticeNotFound);
    },
  };
}

export type ReportNotices = ReturnType<typeof createReportNotices>;
