import type { Kysely } from 'kysely';
import { ADMIN_MESSAGES } from '../../../common/schemas/admin.js';
import { type AuthorFootprint, BAN_MESSAGES, type PurgeInput } from '../../../common/schemas/bans.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { PastesService } from '../pastes/pastes.service.js';
import { decidePendingOf, findQueueItem } from './moderation-queue.repository.js';

/**
 * "Delete everything by this account or address", from a report card: the reported paste's author
 * (its account, or the address it was created from) and how many live pastes they have, then the
 * deletion of all of them once staff confirm the count they saw. The reports of the card's paste
 * are approved with it: what they reported is gone.
 */
export function createAuthorPurge({
  db,
  clock,
  pastes,
}: {
  db: Kysely<Database>;
  clock: Clock;
  pastes: PastesService;
}) {
  async function authorOfReport(rawId: string) {
    const id = /^[1-9][0-9]{0,15}$/.test(rawId) ? Number(rawId) : null;
    const item = id === null ? undefined : await findQueueItem(db, 'reports', id);
    if (!item) throw notFound(ADMIN_MESSAGES.reportNotFound);
    const author = await pastes.byAuthor.authorOf(item.paste_id);
    if (!author) throw notFound(BAN_MESSAGES.pasteGone);
    return { pasteId: item.paste_id, ...author };
  }

  return {
    async footprint(rawId: string): Promise<AuthorFootprint & { pasteId: string }> {
      const { pasteId, account, ip } = await authorOfReport(rawId);
      return {
        pasteId,
        account: account && {
          username: account.username,
          pastes: await pastes.byAuthor.count({ userId: account.id }),
        },
        address: ip === null ? null : { address: ip, pastes: await pastes.byAuthor.count({ ip }) },
      };
    },

    /** Deletes the author's pastes when the count is still the one staff confirmed. */
    async deleteEverything(rawId: string, input: PurgeInput) {
      const { pasteId, account, ip } = await authorOfReport(rawId);
      const author = input.by === 'account' ? account && { userId: account.id } : ip === null ? null : { ip };
      if (!author) throw badRequest(BAN_MESSAGES.nothingToDelete);
      const now = await pastes.byAuthor.count(author);
      if (now !== input.expected) throw conflict(BAN_MESSAGES.countChanged(now));
      const deleted = await pastes.byAuthor.deleteAll(author);
      await decidePendingOf(db, 'reports', pasteId, 'approved', clock.now());
      return {
        pasteId,
        deleted,
        /** Whose pastes went, for the audit log. */
        author: 'userId' in author ? account!.username : ip!,
      };
    },
  };
}
