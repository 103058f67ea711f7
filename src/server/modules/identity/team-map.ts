import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../audit/audit.service.js';
import type { TeamsService } from '../teams/teams.service.js';
import type { UserRow } from '../users/users.service.js';
import type { ExternalIdentity } from './external-identity.js';
import type { ProviderConfig } from './provider-directory.js';
import { mappedTeams } from './role-map.js';

/** The request a sign-in came with: for the audit log, and the log for what cannot be applied. */
export interface SignInContext {
  ip: string;
  requestId: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The provider's groups decide the teams of its team map (the teams service keeps to memberships
 * the map made); every join and leave is in the audit log, as the person's own doing through the
 * provider. A slug no team has is skipped with a line in the log: the admin's panel refuses one,
 * but the environment's map, or a team deleted since, cannot be checked before a sign-in.
 */
export function createTeamMapSync(deps: {
  teams: Pick<TeamsService, 'syncProviderTeams'>;
  audit: AuditService;
}) {
  return async function applyTeams(
    p: ProviderConfig,
    id: ExternalIdentity,
    user: UserRow,
    ctx: SignInContext,
  ): Promise<void> {
    if (p.kind === 'github') return;
    const mapped = Object.values(p.teamMap);
    if (mapped.length === 0) return;
    const done = await deps.teams.syncProviderTeams(user.id, p.id, mapped, mappedTeams(id.groups, p.teamMap));
    if (done.unknown.length > 0)
      ctx.log.warn({ provider: p.id, teams: done.unknown }, 'team map names teams that do not exist');
    if (done.full.length > 0)
      ctx.log.warn({ provider: p.id, teams: done.full, user: user.id }, 'team map cannot add to full teams');
    const changes = [
      ...done.added.map((slug) => ({ slug, action: 'team.member_add' as const })),
      ...done.removed.map((slug) => ({ slug, action: 'team.member_remove' as const })),
    ];
    for (const { slug, action } of changes) {
      await deps.audit.record(
        { actor: { id: user.id, username: user.username }, requestId: ctx.requestId, ip: ctx.ip },
        {
          action,
          target: { type: 'team', id: slug },
          details: {
            member: user.username,
            ...(action === 'team.member_add' ? { role: 'member' } : {}),
            provider: p.id,
            source: 'group mapping',
          },
        },
      );
    }
  };
}
