import type { Kysely } from 'kysely';
import {
  ADMIN_MESSAGES,
  type DeletionRequest,
  type ModerationDecision,
  type PasteReport,
} from '../../../common/schemas/admin.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import type { Clock } from '../../clock.js';
import { iso } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Metrics } from '../../infra/metrics/metrics.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../pastes/paste-reader.js';
import { REPORT_PER_IP } from '../pastes/pastes.limits.js';
import type { PastesService } from '../pastes/pastes.service.js';
import {
  findPendingRequest,
  insertDeletionRequest,
  listDeletionRequests,
} from './deletion-requests.repository.js';
import {
  countPending,
  decidePendingOf,
  findQueueItem,
  type ModerationQueue,
  moveQueueItem,
} from './moderation-queue.repository.js';
import { insertReport, listReports } from './reports.repository.js';

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  pastes: PastesService;
  rateLimiter: RateLimiter;
  metrics: Pick<Metrics, 'moderation'>;
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
export function createModerationService({ db, clock, pastes, rateLimiter, metrics }: Deps) {
  /** The metric's kind label: the table's name, singular. */
  const kindOf = (queue: ModerationQueue) => (queue === 'reports' ? 'report' : 'deletion_request');

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
    if (item.status !== 'pending' || !(await moveQueueItem(db, queue, id, 'pending', decision))) {
      throw conflict(ADMIN_MESSAGES.alreadyDecided);
    }
    if (decision === 'approved') {
      try {
        await pastes.delete(item.paste_id);
      } catch (e) {
        await moveQueueItem(db, queue, id, decision, 'pending');
        throw e;
      }
    }
    metrics.moderation.inc({ kind: kindOf(queue), event: decision });
    return { pasteId: item.paste_id };
  }

  async function deletionRequests(only?: number): Promise<DeletionRequest[]> {
    return (await listDeletionRequests(db, LIST_LIMIT, only)).map((r) => ({
      id: r.id,
      pasteId: r.paste_id,
      pasteTitle: r.paste_title,
      userId: r.user_id,
      username: r.username,
      reason: r.reason,
      status: r.status,
      createdAt: iso(r.created_at)!,
    }));
  }

  async function reports(only?: number): Promise<PasteReport[]> {
    return (await listReports(db, LIST_LIMIT, only)).map((r) => ({
      id: r.id,
      pasteId: r.paste_id,
      pasteTitle: r.paste_title,
      reportedBy: r.reported_by,
      reporterUsername: r.reporter_username,
      reason: r.reason,
      status: r.status,
      createdAt: iso(r.created_at)!,
    }));
  }

  return {
    deletionRequests: () => deletionRequests(),
    reports: () => reports(),

    async decideDeletionRequest(rawId: string, decision: ModerationDecision): Promise<DeletionRequest> {
      const id = itemId(rawId, ADMIN_MESSAGES.requestNotFound);
      await decide('deletion_requests', id, decision, ADMIN_MESSAGES.requestNotFound);
      return (await deletionRequests(id))[0]!;
    },

    /** Decides a report and, with it, every other pending report of the same paste. */
    async decideReport(rawId: string, decision: ModerationDecision): Promise<PasteReport> {
      const id = itemId(rawId, ADMIN_MESSAGES.reportNotFound);
      const { pasteId } = await decide('reports', id, decision, ADMIN_MESSAGES.reportNotFound);
      await decidePendingOf(db, 'reports', pasteId, decision);
      return (await reports(id))[0]!;
    },

    /** The manager's statistics. */
    pendingCounts: async () => ({
      pendingDeleteRequests: await countPending(db, 'deletion_requests'),
      pendingReports: await countPending(db, 'reports'),
    }),

    async report(pasteId: string, reason: string, viewer: Viewer): Promise<{ id: number }> {
      const text = reason.trim();
      if (!text) throw badRequest(PASTE_MESSAGES.reportReasonRequired);
      await rateLimiter.consume([[REPORT_PER_IP, viewer.ip]]);
      const { row } = await pastes.findVisible(pasteId, viewer);
      const id = await insertReport(db, {
        paste_id: row.id,
        paste_title: row.title,
        reported_by: viewer.user?.id ?? null,
        reason: text,
        status: 'pending',
        created_at: clock.now(),
        reporter_ip: viewer.ip,
      });
      if (id === null) throw conflict(PASTE_MESSAGES.alreadyReported);
      metrics.moderation.inc({ kind: 'report', event: 'opened' });
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
