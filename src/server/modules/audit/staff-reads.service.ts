import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { insertAuditEntry } from './audit.repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** Pairs an instance remembers within an hour before starting afresh (the database still decides). */
const REMEMBERED_MAX = 10_000;

/** A staff member's read of a password paste they could not have opened otherwise. */
export interface StaffRead {
  pasteId: string;
  staff: { id: number; username: string };
  requestId: string;
  ip: string;
}

/**
 * `paste.staff_read` in the audit log: staff reading a password paste without its password (its
 * view, raw, download, lines, revisions), recorded at most once per paste, staff member and clock
 * hour. The entry of an hour carries a unique key, so of every instance's inserts the database
 * keeps the first (a conditional insert, not a check then an insert). Each instance remembers what
 * it recorded this hour, so that paging through a paste's revisions costs one insert, not one per
 * request. Ordinary readers never come here (see the paste reader's authorizeRead).
 */
export function createStaffReads({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  let hour = -1;
  let recorded = new Set<string>();

  return {
    async record(read: StaffRead): Promise<void> {
      const now = clock.now();
      const slot = Math.floor(now / HOUR_MS);
      if (slot !== hour || recorded.size >= REMEMBERED_MAX) {
        hour = slot;
        recorded = new Set();
      }
      const pair = `${read.pasteId}:${read.staff.id}`;
      if (recorded.has(pair)) return;
      await insertAuditEntry(db, {
        created_at: now,
        actor_id: read.staff.id,
        actor_username: read.staff.username,
        action: 'paste.staff_read',
        target_type: 'paste',
        target_id: read.pasteId,
        details: null,
        request_id: read.requestId,
        ip: read.ip,
        once_key: `paste.staff_read:${pair}:${slot}`,
      });
      recorded.add(pair);
    },
  };
}

export type StaffReads = ReturnType<typeof createStaffReads>;
