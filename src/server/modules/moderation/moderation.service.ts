import type { Kysely } from 'kysely';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { REPORT_PER_IP } from '../pastes/pastes.limits.js';
import type { PastesService, Viewer } from '../pastes/pastes.service.js';
import { findPendingRequest, insertDeletionRequest } from './deletion-requests.repository.js';
import { insertReport } from './reports.repository.js';

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  pastes: PastesService;
  rateLimiter: RateLimiter;
}

export type ModerationService = ReturnType<typeof createModerationService>;

/** Reports from readers and deletion requests from authors, stored pending for staff. */
export function createModerationService({ db, clock, pastes, rateLimiter }: Deps) {
  return {
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
      return { id };
    },
  };
}
