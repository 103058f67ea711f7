import type { Kysely } from 'kysely';
import { SHARED_WITH_ME_PAGE_SIZE } from '../../../common/constants.js';
import { mayReadPaste } from '../../../common/policies.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import {
  type PasteShares,
  SHARE_MESSAGES,
  type SharedWithMe,
  type ShareHistoryEntry,
} from '../../../common/schemas/teams.js';
import type { Clock } from '../../clock.js';
import { iso } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { Viewer } from '../pastes/reading/paste-reader.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import type { ShareGrants } from './share-grants.js';
import {
  deleteShares,
  insertShares,
  listSharedWith,
  listShares,
  type ShareRow,
} from './shares.repository.js';
import type { TeamsService } from './teams.service.js';

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  users: Pick<UsersService, 'findByUsername'>;
  teams: Pick<TeamsService, 'teamsForSharing'>;
  grants: ShareGrants;
  pastes: Pick<PastesService, 'findVisible'>;
}

/** Who a change to a paste's shares added and removed, for the audit log. */
export type ShareChange = Omit<ShareHistoryEntry, 'at' | 'by'>;

export type SharesService = ReturnType<typeof createSharesService>;

const presentShares = (rows: ShareRow[]): PasteShares => ({
  users: rows.flatMap((r) =>
    r.username === null ? [] : [{ username: r.username, addedAt: iso(r.added_at)! }],
  ),
  teams: rows.flatMap((r) =>
    r.slug === null || r.team_name === null
      ? []
      : [{ slug: r.slug, name: r.team_name, addedAt: iso(r.added_at)! }],
  ),
});

/**
 * Who a shared paste names, as its author sets it (and staff see it), and what is shared with a
 * reader. Who may read such a paste is decided by the pastes' read decision, with share grants.
 */
export function createSharesService({ db, clock, users, teams, grants, pastes }: Deps) {
  /**
   * The shared paste `id` whose shares `viewer` may see (its author, staff) or change (its
   * author). Whoever may not read it gets not found, as the read itself would answer.
   */
  async function sharedPaste(id: string, viewer: Viewer & { user: UserRow }, change: boolean) {
    const { row, isOwner, isStaff } = await pastes.findVisible(id, viewer);
    const isNamed = !isOwner && row.privacy === 'shared' && (await grants.namesReader(id, viewer.user.id));
    if (!mayReadPaste(row, { isAuthor: isOwner, isNamed, isStaff })) throw notFound(PASTE_MESSAGES.notFound);
    if (!isOwner && (change || !isStaff)) throw forbidden(SHARE_MESSAGES.notYours);
    if (row.privacy !== 'shared') throw badRequest(SHARE_MESSAGES.notShared);
    return row;
  }

  return {
    /**
     * Whether `viewer` may see paste `id`'s share history: its author and staff (whatever its
     * privacy now: the changes stay on its record); anyone else, named or not, gets not found.
     */
    async checkHistoryReader(id: string, viewer: Viewer & { user: UserRow }): Promise<void> {
      const { isOwner, isStaff } = await pastes.findVisible(id, viewer);
      if (!isOwner && !isStaff) throw notFound(PASTE_MESSAGES.notFound);
    },

    list: async (id: string, viewer: Viewer & { user: UserRow }): Promise<PasteShares> => {
      await sharedPaste(id, viewer, false);
      return presentShares(await listShares(db, id));
    },

    /** Replaces who paste `id` names with `body`; answers the new list and what changed. */
    async replace(
      id: string,
      body: { users: string[]; teams: string[] },
      viewer: Viewer & { user: UserRow },
    ): Promise<{ shares: PasteShares; change: ShareChange }> {
      await sharedPaste(id, viewer, true);
      const wantedUsers = new Map<number, string>();
      for (const name of new Set(body.users.map((u) => u.toLowerCase()))) {
        const user = await users.findByUsername(name);
        if (!user) throw badRequest(SHARE_MESSAGES.unknownUser(name));
        // The author reads it anyway: naming them adds nothing.
        if (user.id !== viewer.user.id) wantedUsers.set(user.id, user.username);
      }
      const wantedTeams = await teams.teamsForSharing(body.teams, viewer.user);
      const teamIds = new Set(wantedTeams.values());
      const change: ShareChange = { addedUsers: [], removedUsers: [], addedTeams: [], removedTeams: [] };
      await db.transaction().execute(async (tx) => {
        const current = await listShares(tx, id);
        const gone = current.filter((r) =>
          r.user_id !== null ? !wantedUsers.has(r.user_id) : !teamIds.has(r.team_id!),
        );
        const now = clock.now();
        const added = [
          ...[...wantedUsers]
            .filter(([uid]) => !current.some((r) => r.user_id === uid))
            .map(([uid, name]) => {
              change.addedUsers.push(name);
              return { user_id: uid, team_id: null };
            }),
          ...[...wantedTeams]
            .filter(([, tid]) => !current.some((r) => r.team_id === tid))
            .map(([slug, tid]) => {
              change.addedTeams.push(slug);
              return { user_id: null, team_id: tid };
            }),
        ];
        for (const r of gone) {
          if (r.username !== null) change.removedUsers.push(r.username);
          if (r.slug !== null) change.removedTeams.push(r.slug);
        }
        await deleteShares(
          tx,
          gone.map((r) => r.id),
        );
        await insertShares(
          tx,
          added.map((a) => ({ ...a, paste_id: id, added_by: viewer.user.id, added_at: now })),
        );
      });
      return { shares: presentShares(await listShares(db, id)), change };
    },

    /** One page of what is shared with `reader`, newest first, with the team it came through. */
    async sharedWith(reader: UserRow, page: number): Promise<SharedWithMe> {
      const rows = await listSharedWith(db, reader.id, {
        now: clock.now(),
        limit: SHARED_WITH_ME_PAGE_SIZE + 1,
        offset: (page - 1) * SHARED_WITH_ME_PAGE_SIZE,
      });
      const pastesShown = rows.slice(0, SHARED_WITH_ME_PAGE_SIZE).map(({ sharedAt, grants: g }) => {
        // Named in person, it came to them directly; else through the team that shared it last.
        const direct = g.find((x) => x.user_id !== null);
        const via = direct ?? [...g].sort((a, b) => b.added_at - a.added_at)[0]!;
        return {
          id: via.id,
          title: via.title,
          language: via.language,
          privacy: via.privacy,
          username: via.username ?? 'Anonymous',
          createdAt: iso(via.created_at)!,
          sharedAt: iso(sharedAt)!,
          team:
            direct || via.slug === null || via.team_name === null
              ? null
              : { slug: via.slug, name: via.team_name },
        };
      });
      return { pastes: pastesShown, page, hasMore: rows.length > SHARED_WITH_ME_PAGE_SIZE };
    },
  };
}
