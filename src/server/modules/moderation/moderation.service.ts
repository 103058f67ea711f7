import type { Kysely } from 'kysely';
import {
  ADMIN_MESSAGES,
  type DeletionRequest,
  type ModerationDecision,
  type PasteReport,
} from '../../../common/schemas/admin.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import type { Clock } from '../../clock.js';
import type { Erasure } from '../../db/erasure.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import type { Metrics } from '../../infra/metrics/metrics.js';
import type { ModerationSecret } from '../../lib/moderation-secret.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { boxSecret, openSecretBox } from '../../lib/secret-box.js';
import { checkSharedKey, isEncrypted } from '../pastes/encrypted-content.js';
import { REPORT_PER_IP } from '../pastes/pastes.limits.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { Viewer } from '../pastes/reading/paste-reader.js';
import type { OutcomeRecorder } from '../safety/safety-outcomes.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  findPendingRequest,
  insertDeletionRequest,
  listDeletionRequests,
} from './deletion-requests.repository.js';
import { presentDeletionRequest, presentReport } from './moderation.presenter.js';
import {
  countPending,
  decidePendingOf,
  findQueueItem,
  type ModerationQueue,
  moveQueueItem,
} from './moderation-queue.repository.js';
import type { ReportNotices } from './report-notices.js';
import {
  countPendingReportsOf,
  decisionWaits,
  findSharedKey,
  forgetSharedKeys,
  insertReport,
  listReports,
  pastesWithSharedKeys,
} from './reports.repository.js';

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  pastes: PastesService;
  /** reportHideThreshold: after that many distinct reporters a public paste waits for a moderator. */
  settings: Pick<SettingsService, 'get'>;
  rateLimiter: RateLimiter;
  metrics: Pick<Metrics, 'moderation' | 'reportDecisionTime'>;
  /** Seals the paste keys reporters share. */
  moderationSecret: ModerationSecret;
  /** Makes a forgotten key unrecoverable from the database's files too. */
  erasure: Erasure;
  /** The Safety tab's numbers: a paste hidden by reports, and what the decision made of it. */
  outcomes: OutcomeRecorder;
  /** Tells reporters the decision. */
  notices: Pick<ReportNotices, 'tell'>;
}

export type ModerationService = ReturnType<typeof createModerationService>;

/** The staff lists show the newest items; older ones stay in the database. */
const LIST_LIMIT = 1000;

/** Ids in the URL are numbers; anything else names no item. */
function itemId(raw: string, message: string): number {
  const id = Number(raw);
  if (!/^[1-9][0-9]{0,15}$/.test(raw) || !Number.isSafeInteger(id)) throw notFound(message);
  return id;
}

/**
 * Reports from readers and deletion requests from authors, stored pending; staff (managers and
 * admins) list them and decide each once: approving deletes the paste, the item stays listed.
 */
export function createModerationService(deps: Deps) {
  const { db, clock, pastes, settings, rateLimiter, metrics, moderationSecret, erasure, outcomes, notices } =
    deps;
  /** The metric's kind label: the table's name, singular. */
  const kindOf = (queue: ModerationQueue) => (queue === 'reports' ? 'report' : 'deletion_request');

  /** Forgets a paste's shared keys (see forgetSharedKeys), in the rows and in the files. */
  async function forget(pasteId: string, which: 'decided' | 'all'): Promise<void> {
    if ((await forgetSharedKeys(db, pasteId, which)) > 0) await erasure.flush();
  }

  /**
   * Decides a pending item exactly once (a conditional update: of two staff at once, one wins and
   * the other gets 409), then deletes the paste when approved. Should the deletion fail, the item
   * goes back to pending, so it can be decided again.
   */
  async function decide(
    queue: ModerationQueue,
    id: number,
    decision: ModerationDecision,
    notFoundMessage: string,
  ): Promise<{ pasteId: string }> {
    const item = await findQueueItem(db, queue, id);
    if (!item) throw notFound(notFoundMessage);
    if (
      item.status !== 'pending' ||
      !(await moveQueueItem(db, queue, id, 'pending', decision, clock.now()))
    ) {
      throw conflict(ADMIN_MESSAGES.alreadyDecided);
    }
    if (decision === 'approved') {
      try {
        await pastes.delete(item.paste_id);
      } catch (e) {
        await moveQueueItem(db, queue, id, decision, 'pending', clock.now());
        throw e;
      }
      await forget(item.paste_id, 'all');
    }
    metrics.moderation.inc({ kind: kindOf(queue), event: decision });
    return { pasteId: item.paste_id };
  }

  async function deletionRequests(only?: number): Promise<DeletionRequest[]> {
    return (await listDeletionRequests(db, LIST_LIMIT, only)).map(presentDeletionRequest);
  }

  async function reports(only?: number): Promise<PasteReport[]> {
    const rows = await listReports(db, LIST_LIMIT, only);
    const encrypted = await pastes.encryptedAmong([...new Set(rows.map((r) => r.paste_id))]);
    return rows.map((r) => presentReport(r, encrypted.has(r.paste_id)));
  }

  return {
    deletionRequests: () => deletionRequests(),
    reports: () => reports(),
    /** Whether a report or delete request is still kept (the audit log links only to those). */
    itemExists: async (queue: ModerationQueue, id: number) =>
      (await findQueueItem(db, queue, id)) !== undefined,

    async decideDeletionRequest(rawId: string, decision: ModerationDecision): Promise<DeletionRequest> {
      const id = itemId(rawId, ADMIN_MESSAGES.requestNotFound);
      await decide('deletion_requests', id, decision, ADMIN_MESSAGES.requestNotFound);
      return (await deletionRequests(id))[0]!;
    },

    /** Decides a report and, with it, every other pending report of the same paste. */
    async decideReport(rawId: string, decision: ModerationDecision): Promise<PasteReport> {
      const id = itemId(rawId, ADMIN_MESSAGES.reportNotFound);
      const startedAt = clock.now();
      const { pasteId } = await decide('reports', id, decision, ADMIN_MESSAGES.reportNotFound);
      await decidePendingOf(db, 'reports', pasteId, decision, clock.now());
      for (const ms of await decisionWaits(db, startedAt, pasteId))
        metrics.reportDecisionTime.observe(ms / 1000);
      // Rejected: what the reports hid is readable again (an approval deleted it).
      const released = decision === 'rejected' && (await pastes.held.releaseIf(pasteId, 'reports'));
      if (decision === 'approved' || released) {
        await outcomes.record([{ outcome: released ? 'approve' : 'delete', reason: 'reports', pasteId }]);
      }
      await notices.tell(pasteId, decision, startedAt);
      // Decided: the keys shared with these reports have served.
      await forget(pasteId, 'decided');
      return (await reports(id))[0]!;
    },

    /**
     * The paste key a reporter shared, for staff to open the paste in their own browser (issue
     * 21). 404 when none is stored: never shared, the report decided, or the paste gone (whose
     * keys are then forgotten here, whatever deleted it).
     */
    async sharedKey(rawId: string, viewer: Viewer): Promise<{ key: string; pasteId: string }> {
      const id = itemId(rawId, ADMIN_MESSAGES.reportNotFound);
      const row = await findSharedKey(db, id);
      if (!row) throw notFound(ADMIN_MESSAGES.reportNotFound);
      if (row.shared_key_sealed === null || row.status !== 'pending') {
        throw notFound(ADMIN_MESSAGES.reportKeyNotFound);
      }
      try {
        await pastes.findVisible(row.paste_id, viewer);
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 404) throw e;
        await forget(row.paste_id, 'all');
        throw notFound(ADMIN_MESSAGES.reportKeyNotFound);
      }
      // Null only if the moderation secret changed since: the key cannot be recovered.
      const key = openSecretBox(row.shared_key_sealed, await moderationSecret());
      if (key === null) throw notFound(ADMIN_MESSAGES.reportKeyNotFound);
      return { key, pasteId: row.paste_id };
    },

    /**
     * The median time from a report to its decision, over the reports decided in the last `days`
     * days (null when none was), and how many those were.
     */
    async reportDecisionTime(days: number): Promise<{ medianMs: number | null; decided: number }> {
      const waits = (await decisionWaits(db, clock.now() - days * 24 * 60 * 60 * 1000)).sort((a, b) => a - b);
      const mid = Math.floor(waits.length / 2);
      const medianMs =
        waits.length === 0 ? null : waits.length % 2 ? waits[mid]! : (waits[mid - 1]! + waits[mid]!) / 2;
      return { medianMs, decided: waits.length };
    },

    /** A paste was deleted outside moderation (the admin's paste list): its shared keys go. */
    forgetSharedKeys: (pasteId: string) => forget(pasteId, 'all'),

    /**
     * Background: the keys shared for pastes that are gone without a decision (expired and swept,
     * burned, deleted by a path that does not come through here), and the files' copies of keys
     * forgotten earlier when that could not finish then. Returns how many pastes' keys went.
     */
    async forgetKeysOfGonePastes(): Promise<number> {
      const withKeys = await pastesWithSharedKeys(db);
      const present = withKeys.length === 0 ? new Set() : await pastes.presentAmong(withKeys);
      const gone = withKeys.filter((id) => !present.has(id));
      let forgotten = 0;
      for (const id of gone) forgotten += await forgetSharedKeys(db, id, 'all');
      if (forgotten > 0) await erasure.flush();
      else await erasure.flushPending();
      return gone.length;
    },

    /** The manager's statistics. */
    pendingCounts: async () => ({
      pendingDeleteRequests: await countPending(db, 'deletion_requests'),
      pendingReports: await countPending(db, 'reports'),
    }),

    /**
     * A reader's report. On an encrypted paste the reader may share its key (`sharedKey`), kept
     * sealed under the moderation secret for staff until the report is decided.
     */
    async report(
      pasteId: string,
      input: { reason: string; sharedKey?: string | undefined; email?: string | undefined },
      viewer: Viewer,
    ): Promise<{ id: number }> {
      const text = input.reason.trim();
      if (!text) throw badRequest(PASTE_MESSAGES.reportReasonRequired);
      if (input.sharedKey !== undefined) checkSharedKey(input.sharedKey);
      await rateLimiter.consume([[REPORT_PER_IP, viewer.ip]]);
      const { row } = await pastes.findVisible(pasteId, viewer);
      if (input.sharedKey !== undefined && !isEncrypted(row)) {
        throw badRequest(PASTE_MESSAGES.sharedKeyNotEncrypted);
      }
      const sharedKeySealed =
        input.sharedKey === undefined ? null : boxSecret(input.sharedKey, await moderationSecret());
      const id = await insertReport(db, {
        paste_id: row.id,
        paste_title: row.title,
        reported_by: viewer.user?.id ?? null,
        reason: text,
        status: 'pending',
        created_at: clock.now(),
        reporter_ip: viewer.ip,
        shared_key_sealed: sharedKeySealed,
        // An account is told at its own verified address; a visitor only where they asked.
        reporter_email: viewer.user ? null : (input.email ?? null),
      });
      if (id === null) {
        // A visitor's repeat is told by address: the earlier report may have been someone else's.
        throw conflict(
          viewer.user ? PASTE_MESSAGES.alreadyReported : PASTE_MESSAGES.alreadyReportedFromNetwork,
        );
      }
      metrics.moderation.inc({ kind: 'report', event: 'opened' });
      const threshold = (await settings.get()).reportHideThreshold;
      if (threshold > 0 && row.privacy === 'public' && row.held_reason === null) {
        if (
          (await countPendingReportsOf(db, row.id)) >= threshold &&
          (await pastes.held.hold(row.id, 'reports'))
        ) {
          await outcomes.record([{ outcome: 'hold', reason: 'reports', pasteId: row.id }]);
        }
      }
      return { id };
    },

    /** An author asks staff to delete one of their own pastes. */
    async requestDeletion(pasteId: string, reason: string, viewer: Viewer): Promise<{ id: number }> {
      const text = reason.trim();
      if (!text) throw badRequest(PASTE_MESSAGES.deleteReasonRequired);
      const { row } = await pastes.findVisible(pasteId, viewer);
      // Someone else's paste looks exactly like a missing one.
      if (!viewer.user || row.user_id !== viewer.user.id) throw notFound(PASTE_MESSAGES.notFound);
      if (await findPendingRequest(db, row.id, viewer.user.id)) {
        throw conflict('A deletion request for this paste is already pending');
      }
      const id = await insertDeletionRequest(db, {
        paste_id: row.id,
        paste_title: row.title,
        user_id: viewer.user.id,
        reason: text,
        status: 'pending',
        created_at: clock.now(),
      });
      metrics.moderation.inc({ kind: 'deletion_request', event: 'opened' });
      return { id };
    },
  };
}
