import type { Kysely } from 'kysely';
import { TEAM_MEMBERS_MAX, type TeamRole } from '../../../common/constants.js';
import { canManageTeam, canSeeTeam } from '../../../common/policies.js';
import { SHARE_MESSAGES, TEAM_MESSAGES, type TeamDetail } from '../../../common/schemas/teams.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { createTeamSync } from './team-sync.js';
import { presentTeam, presentTeamDetail } from './teams.presenter.js';
import {
  clearMemberSource,
  countMembers,
  deleteMember,
  deleteTeam,
  findTeam,
  insertMember,
  insertTeam,
  listAllTeams,
  listMembers,
  listTeamsOf,
  memberRole,
  membership,
  setMemberRole,
  type TeamListRow,
  updateTeam,
} from './teams.repository.js';

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  users: Pick<UsersService, 'findByUsername'>;
}

/** What a change to a team's members did, for the audit log. */
export type MemberChange = 'added' | 'role_changed' | 'unchanged';

export type TeamsService = ReturnType<typeof createTeamsService>;

/**
 * Teams: a signed-in person creates one (and owns it), its owners manage it, staff manage every
 * team. To anyone else a team does not exist (404), so team addresses cannot be probed.
 */
export function createTeamsService({ db, clock, users }: Deps) {
  /** The team at `slug` if `reader` may see it; else not found. */
  async function visibleTeam(slug: string, reader: UserRow): Promise<TeamListRow> {
    const team = await findTeam(db, slug, reader.id);
    if (!team || !canSeeTeam(reader.role, team.my_role)) throw notFound(TEAM_MESSAGES.notFound);
    return team;
  }

  async function managedTeam(slug: string, actor: UserRow): Promise<TeamListRow> {
    const team = await visibleTeam(slug, actor);
    if (!canManageTeam(actor.role, team.my_role)) throw forbidden();
    return team;
  }

  async function detail(slug: string, reader: UserRow): Promise<TeamDetail> {
    const team = await visibleTeam(slug, reader);
    return presentTeamDetail(team, await listMembers(db, team.id));
  }

  async function memberNamed(username: string) {
    const user = await users.findByUsername(username);
    if (!user) throw badRequest(TEAM_MESSAGES.userNotFound);
    return user;
  }

  return {
    detail,
    ...createTeamSync({ db, clock }),

    /** Whether a team has this slug (the audit log links only what still exists). */
    exists: async (slug: string) => (await findTeam(db, slug, 0)) !== undefined,

    async create(
      body: { name: string; slug: string; description: string },
      actor: UserRow,
    ): Promise<TeamDetail> {
      const now = clock.now();
      try {
        await db.transaction().execute(async (tx) => {
          const id = await insertTeam(tx, { ...body, created_at: now });
          await insertMember(tx, { team_id: id, user_id: actor.id, role: 'owner', added_at: now });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(TEAM_MESSAGES.slugTaken);
        throw e;
      }
      return detail(body.slug, actor);
    },

    listMine: async (reader: UserRow) => (await listTeamsOf(db, reader.id)).map(presentTeam),

    /** Every team, for staff (the route's access checked the role). */
    listAll: async (reader: UserRow) => (await listAllTeams(db, reader.id)).map(presentTeam),

    async update(slug: string, patch: { name?: string; description?: string }, actor: UserRow) {
      const team = await managedTeam(slug, actor);
      await updateTeam(db, team.id, patch);
      return { team, detail: await detail(slug, actor) };
    },

    async remove(slug: string, actor: UserRow): Promise<TeamListRow> {
      const team = await managedTeam(slug, actor);
      await deleteTeam(db, team.id);
      return team;
    },

    /**
     * Adds `username` with `role`, or gives a member that role. Either way the membership is the
     * owners' from then on: one a provider's groups made is no longer removed by their sync.
     */
    async putMember(slug: string, username: string, role: TeamRole, actor: UserRow) {
      const team = await managedTeam(slug, actor);
      const user = await memberNamed(username);
      const change = await db.transaction().execute(async (tx): Promise<MemberChange> => {
        const found = await membership(tx, team.id, user.id);
        const current = found?.role ?? null;
        if (current === role) {
          if (found?.source) await clearMemberSource(tx, team.id, user.id);
          return 'unchanged';
        }
        if (current === null) {
          if ((await countMembers(tx, team.id)) >= TEAM_MEMBERS_MAX)
            throw conflict(TEAM_MESSAGES.tooManyMembers);
          await insertMember(tx, { team_id: team.id, user_id: user.id, role, added_at: clock.now() });
          return 'added';
        }
        if (current === 'owner' && (await countMembers(tx, team.id, 'owner')) <= 1) {
          throw conflict(TEAM_MESSAGES.lastOwner);
        }
        await setMemberRole(tx, team.id, user.id, role);
        return 'role_changed';
      });
      return { team, user, change, detail: await detail(slug, actor) };
    },

    /** Owners and staff remove anyone; a member may leave. A team keeps at least one owner. */
    async removeMember(slug: string, username: string, actor: UserRow) {
      const team = await visibleTeam(slug, actor);
      const leaving = username.toLowerCase() === actor.username.toLowerCase();
      if (!leaving && !canManageTeam(actor.role, team.my_role)) throw forbidden();
      const user = await memberNamed(username);
      await db.transaction().execute(async (tx) => {
        const current = await memberRole(tx, team.id, user.id);
        if (current === null) throw notFound(TEAM_MESSAGES.notMember);
        if (current === 'owner' && (await countMembers(tx, team.id, 'owner')) <= 1) {
          throw conflict(TEAM_MESSAGES.lastOwner);
        }
        await deleteMember(tx, team.id, user.id);
      });
      // One who left may no longer see the team: they get its last view as they saw it.
      const after = await findTeam(db, slug, actor.id);
      const view =
        after && canSeeTeam(actor.role, after.my_role)
          ? presentTeamDetail(after, await listMembers(db, team.id))
          : presentTeamDetail({ ...team, my_role: null, member_count: team.member_count - 1 }, []);
      return { team, user, detail: view };
    },

    /** The team at `slug` and `actor`'s role in it, when they are in it; else null. */
    async membership(slug: string, actor: UserRow): Promise<{ id: number; role: TeamRole } | null> {
      const team = await findTeam(db, slug, actor.id);
      return team?.my_role ? { id: team.id, role: team.my_role } : null;
    },

    /**
     * The teams named `slugs` that `actor` may share with (the ones they are in; staff any team),
     * by slug; any other is a 400 naming it.
     */
    async teamsForSharing(slugs: string[], actor: UserRow): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      for (const slug of new Set(slugs)) {
        const team = await findTeam(db, slug, actor.id);
        if (!team || !canSeeTeam(actor.role, team.my_role))
          throw badRequest(SHARE_MESSAGES.unknownTeam(slug));
        found.set(slug, team.id);
      }
      return found;
    },
  };
}
