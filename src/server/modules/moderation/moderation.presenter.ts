import { SAFETY_MESSAGES } from '../../../common/messages.js';
import type { DeletionRequest, PasteReport } from '../../../common/schemas/admin.js';
import type { AccountNotice } from '../../../common/schemas/safety.js';
import { iso } from '../../clock.js';
import type { NoticeRow } from './account-notices.repository.js';
import type { DeletionRequestRow } from './deletion-requests.repository.js';
import type { ReportRow } from './reports.repository.js';

/** A deletion request's card in the Delete Requests tab. */
export function presentDeletionRequest(r: DeletionRequestRow): DeletionRequest {
  return {
    id: r.id,
    pasteId: r.paste_id,
    pasteTitle: r.paste_title,
    userId: r.user_id,
    username: r.username,
    reason: r.reason,
    status: r.status,
    createdAt: iso(r.created_at)!,
  };
}

/** A report's card in the Reports tab; whether the key was shared, never the key. */
export function presentReport(r: ReportRow, pasteEncrypted: boolean): PasteReport {
  return {
    id: r.id,
    pasteId: r.paste_id,
    pasteTitle: r.paste_title,
    reportedBy: r.reported_by,
    reporterUsername: r.reporter_username,
    reason: r.reason,
    status: r.status,
    createdAt: iso(r.created_at)!,
    pasteEncrypted,
    keyShared: r.shared_key_sealed !== null,
  };
}

/** A reporter's notice: what became of the paste they reported (never who decided). */
export const presentNotice = (n: NoticeRow): AccountNotice => ({
  id: n.id,
  kind: n.kind,
  pasteId: n.paste_id,
  pasteTitle: n.paste_title,
  outcome: n.outcome,
  message: SAFETY_MESSAGES.reportDecided(n.paste_title, n.outcome),
  createdAt: new Date(n.created_at).toISOString(),
});
