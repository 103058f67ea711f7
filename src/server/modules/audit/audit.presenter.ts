import type { Selectable } from 'kysely';
import type { AuditAction, AuditEntry, AuditTargetType } from '../../../common/schemas/audit.js';
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
