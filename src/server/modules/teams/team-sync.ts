import type { Kysely } from 'kysely';
import { TEAM_MEMBERS_MAX } from '../../../common/constants.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { countMembers, deleteMember, insertMember, membership, teamIdsBySlug } from './teams.repository.js';

/** What one sign-in's sync did to a person's teams, by slug. */
export interface TeamSyncResult {
  added: string[];
  removed: string[];
  /** Mapped slugs no team has (a mapping made before the team, or a team since deleted). */
  unknown: string[];
  /** Teams the person should join but that are full. */
  full: string[];
}

/**
 * Teams that follow a sign-in provider's groups. Of the teams the provider's map names, the person
 * joins (as a member) each one `wanted` names, and leaves each other one — but only where the
 * membership is this provider's own: one an owner added or changed by hand, and any owner, stays.
 */
export function createTeamSync({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  return {
    async syncProviderTeams(
      userId: number,
      provider: string,
      mapped: readonly string[],
      wanted: ReadonlySet<string>,
    ): Promise<TeamSyncResult> {
      const result: TeamSyncResult = { added: [], removed: [], unknown: [], full: [] };
      const ids = await teamIdsBySlug(db, [...new Set(mapped)]);
      for (const slug of new Set(mapped)) {
        const teamId = ids.get(slug);
        if (teamId === undefined) {
          result.unknown.push(slug);
          continue;
        }
        await db.transaction().execute(async (tx) => {
          const current = await membership(tx, teamId, userId);
          if (wanted.has(slug)) {
            if (current) return;
            if ((await countMembers(tx, teamId)) >= TEAM_MEMBERS_MAX) {
              result.full.push(slug);
              return;
            }
            await insertMember(tx, {
              team_id: teamId,
              user_id: userId,
              role: 'member',
              added_at: clock.now(),
              source: provider,
            });
            result.added.push(slug);
          } else if (current?.source === provider && current.role === 'member') {
            await deleteMember(tx, teamId, userId);
            result.removed.push(slug);
          }
        });
      }
      return result;
    },
  };
}
