import type { Selectable } from 'kysely';
import type { AuditAction, AuditEntry, AuditTargetType } from '../../../common/schemas/audit.js';
import type { ShareHistoryEntry } from '../../../common/schemas/teams.js';
import { iso } from '../../clock.js';
import type { AuditLogTable } from '../../db/schema.js';

/** One entry as the Audit tab lists it; `targetExists` says whether its link still leads anywhere. */
export function presentAuditEntry(row: Selectable<AuditLogTable>, targetExists: boolean): AuditEntry {
  return {
    id: row.id,
    at: iso(row.created_at)!,
    actorId: row.actor_id,
    actorUsername: row.actor_username,
    action: row.action as AuditAction,
    targetType: row.target_type as AuditTargetType | null,
    targetId: row.target_id,
    targetExists,
    details: row.details ? (JSON.parse(row.details) as AuditEntry['details']) : null,
    requestId: row.request_id,
    ip: row.ip,
  };
}

/** A `paste.share_change` entry as the paste's share history shows it (an empty side is left out of the entry). */
export function presentShareChange(row: Selectable<AuditLogTable>): ShareHistoryEntry {
  const details = (row.details ? JSON.parse(row.details) : {}) as Partial<Record<string, string[]>>;
  return {
    at: iso(row.created_at)!,
    by: row.actor_username,
    addedUsers: details.addedUsers ?? [],
    removedUsers: details.removedUsers ?? [],
    addedTeams: details.addedTeams ?? [],
    removedTeams: details.removedTeams ?? [],
  };
}
