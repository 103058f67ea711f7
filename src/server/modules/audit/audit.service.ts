import type { Kysely } from 'kysely';
import { SHARE_HISTORY_MAX } from '../../../common/constants.js';
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
  type AuditTargetType,
} from '../../../common/schemas/audit.js';
import type { ShareHistory } from '../../../common/schemas/teams.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { TeamsService } from '../teams/teams.service.js';
import type { UsersService } from '../users/users.service.js';
import { presentAuditEntry, presentShareChange } from './audit.presenter.js';
import {
  insertAuditEntry,
  listAuditEntries,
  listTargetEntries,
  purgeAuditBefore,
} from './audit.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  users: UsersService;
  pastes: PastesService;
  moderation: Pick<ModerationService, 'itemExists'>;
  teams: Pick<TeamsService, 'exists'>;
  retentionDays: number;
}

/** Who did it and from where: the signed-in staff member and their request. */
export interface AuditContext {
  actor: { id: number; username: string };
  requestId: string;
  ip: string;
}

export type AuditDetails = Record<string, string | number | boolean | string[]>;

export interface AuditRecord {
  action: AuditAction;
  target?: { type: AuditTargetType; id: string | number };
  details?: AuditDetails;
}

export type AuditService = ReturnType<typeof createAuditService>;

/** A `from`/`to` filter: a date means its start (UTC); a time is taken as given. */
function timeOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/** The record of staff actions: written by the routes that perform them, read by admins. */
export function createAuditService({ db, clock, users, pastes, moderation, teams, retentionDays }: Deps) {
  async function exists(type: string | null, id: string | null): Promise<boolean> {
    if (id === null) return false;
    if (type === 'paste') return (await pastes.processingState(id)) !== null;
    if (type === 'team') return teams.exists(id);
    const numeric = /^\d{1,15}$/.test(id);
    if (type === 'user') return numeric && (await users.findById(Number(id))) !== undefined;
    if (type === 'report') return numeric && moderation.itemExists('reports', Number(id));
    if (type === 'deletion_request') return numeric && moderation.itemExists('deletion_requests', Number(id));
    return false;
  }

  return {
    async record(context: AuditContext, entry: AuditRecord): Promise<void> {
      await insertAuditEntry(db, {
        created_at: clock.now(),
        actor_id: context.actor.id,
        actor_username: context.actor.username,
        action: entry.action,
        target_type: entry.target?.type ?? null,
        target_id: entry.target ? String(entry.target.id) : null,
        details: entry.details ? JSON.stringify(entry.details) : null,
        request_id: context.requestId,
        ip: context.ip,
      });
    },

    async list(query: AuditQuery) {
      const { rows, total } = await listAuditEntries(
        db,
        {
          actor: query.actor?.trim() || undefined,
          action: query.action,
          target: query.target?.trim() || undefined,
          from: timeOf(query.from),
          // A date as `to` includes that whole day.
          to:
            query.to && /^\d{4}-\d{2}-\d{2}$/.test(query.to) ? timeOf(query.to)! + DAY_MS : timeOf(query.to),
        },
        { limit: AUDIT_PAGE_SIZE, offset: (query.page - 1) * AUDIT_PAGE_SIZE },
      );
      const entries: AuditEntry[] = [];
      for (const r of rows) entries.push(presentAuditEntry(r, await exists(r.target_type, r.target_id)));
      return { entries, total, page: query.page, pageSize: AUDIT_PAGE_SIZE };
    },

    /** Who changed whom paste `pasteId` names, and when, newest first (the caller checks who asks). */
    async shareHistory(pasteId: string): Promise<ShareHistory> {
      const rows = await listTargetEntries(
        db,
        { type: 'paste', id: pasteId },
        'paste.share_change',
        SHARE_HISTORY_MAX,
      );
      return { changes: rows.map(presentShareChange) };
    },

    /** Background: entries older than the retention (AUDIT_RETENTION_DAYS) go. */
    purge: () => purgeAuditBefore(db, clock.now() - retentionDays * DAY_MS),
  };
}
