import type { Kysely } from 'kysely';
import { COLLECTION_PASTES_MAX, COLLECTIONS_PAGE_SIZE } from '../../../common/constants.js';
import {
  type CollectionReader,
  canEditCollection,
  canManageCollection,
  canViewProtected,
  mayCollectPaste,
  mayReadCollection,
  mayReadPaste,
} from '../../../common/policies.js';
import {
  COLLECTION_ID_PATTERN,
  COLLECTION_MESSAGES,
  type CollectionDetail,
  type CollectionList,
  type CollectionPaste,
  type CreateCollectionBody,
  type UpdateCollectionBody,
} from '../../../common/schemas/collections.js';
import { SHARE_MESSAGES } from '../../../common/schemas/teams.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { Viewer } from '../pastes/reading/paste-reader.js';
import type { ShareGrants } from '../teams/share-grants.js';
import type { TeamsService } from '../teams/teams.service.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { newCollectionId } from './collection-id.js';
import { createCollectionWrites, type Grant } from './collection-writes.js';
import {
  presentCollection,
  presentCollectionPaste,
  presentCollectionShares,
} from './collections.presenter.js';
import {
  type CollectionRow,
  collectionNamesReader,
  deleteCollection,
  findCollection,
  listCollectionShares,
  listCollectionsOf,
  listEntries,
} from './collections.repository.js';

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  users: Pick<UsersService, 'findByUsername'>;
  teams: Pick<TeamsService, 'teamsForSharing' | 'membership'>;
  grants: ShareGrants;
  pastes: Pick<PastesService, 'findVisible'>;
}

/** A collection as one reader stands to it (see mayReadCollection). */
interface Standing {
  row: CollectionRow;
  reader: CollectionReader;
  /** Staff reading a shared collection that does not name them (audited by the route). */
  staffAccess: boolean;
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;

/**
 * Collections: a named, ordered set of pastes, owned by a person or a team, with a privacy of its
 * own. Who may open one is mayReadCollection; what it shows of each paste is that paste's own read
 * decision (mayReadPaste, with share grants), so a collection never widens a paste's privacy and a
 * paste its reader may not read is neither named nor counted. To anyone who may not open it, a
 * collection does not exist (404).
 */
export function createCollectionsService({ db, clock, users, teams, grants, pastes }: Deps) {
  const writes = createCollectionWrites({ db, clock });

  async function standing(id: string, user: UserRow | null): Promise<Standing> {
    const row = COLLECTION_ID_PATTERN.test(id) ? await findCollection(db, id, user?.id ?? 0) : undefined;
    if (!row) throw notFound(COLLECTION_MESSAGES.notFound);
    const isOwner = user !== null && row.user_id === user.id;
    const teamRole = user === null ? null : row.my_team_role;
    const isStaff = canViewProtected(user?.role ?? null);
    const isNamed =
      row.privacy === 'shared' &&
      user !== null &&
      !isOwner &&
      teamRole === null &&
      (await collectionNamesReader(db, id, user.id));
    const reader = { isOwner, teamRole, isNamed, isStaff };
    if (!mayReadCollection(row, reader)) throw notFound(COLLECTION_MESSAGES.notFound);
    const staffAccess = row.privacy === 'shared' && isStaff && !isOwner && teamRole === null && !isNamed;
    return { row, reader, staffAccess };
  }

  /** The paste `id` as `viewer` may read it now (the paste's own read decision), else null. */
  async function readablePaste(id: string, viewer: Viewer) {
    let found: Awaited<ReturnType<typeof pastes.findVisible>>;
    try {
      found = await pastes.findVisible(id, viewer);
    } catch (e) {
      if (e instanceof AppError) return null;
      throw e;
    }
    const { row, isOwner, isStaff } = found;
    const isNamed =
      row.privacy === 'shared' &&
      !isOwner &&
      viewer.user !== null &&
      (await grants.namesReader(id, viewer.user.id));
    return mayReadPaste(row, { isAuthor: isOwner, isNamed, isStaff }) ? found : null;
  }

  /** The collection's pastes this viewer may read, in order; no other is named or counted. */
  async function visiblePastes(id: string, viewer: Viewer): Promise<CollectionPaste[]> {
    const shown: CollectionPaste[] = [];
    for (const entry of await listEntries(db, id)) {
      const found = await readablePaste(entry.paste_id, viewer);
      if (found) shown.push(presentCollectionPaste(found.row));
    }
    return shown;
  }

  async function detail(s: Standing, viewer: Viewer): Promise<CollectionDetail> {
    const { row, reader } = s;
    const seesShares = row.privacy === 'shared' && (canManageCollection(reader) || reader.isStaff);
    return {
      collection: {
        ...presentCollection(row),
        canEdit: canEditCollection(reader),
        canManage: canManageCollection(reader),
        staffAccess: s.staffAccess,
        shares: seesShares ? presentCollectionShares(await listCollectionShares(db, row.id)) : null,
      },
      pastes: await visiblePastes(row.id, viewer),
    };
  }

  /** The people and teams `body` names, checked (unknown people, teams the actor is not in: 400). */
  async function grantsOf(body: { users?: string[]; teams?: string[] }, actor: UserRow): Promise<Grant[]> {
    const found: Grant[] = [];
    for (const name of new Set((body.users ?? []).map((u) => u.toLowerCase()))) {
      const user = await users.findByUsername(name);
      if (!user) throw badRequest(SHARE_MESSAGES.unknownUser(name));
      if (user.id !== actor.id) found.push({ user_id: user.id, team_id: null });
    }
    for (const teamId of (await teams.teamsForSharing(body.teams ?? [], actor)).values()) {
      found.push({ user_id: null, team_id: teamId });
    }
    return found;
  }

  const fresh = async (id: string, viewer: Viewer & { user: UserRow }) =>
    detail(await standing(id, viewer.user), viewer);

  async function editable(id: string, viewer: Viewer & { user: UserRow }) {
    const s = await standing(id, viewer.user);
    if (!canEditCollection(s.reader)) throw forbidden(COLLECTION_MESSAGES.notEditor);
    return s;
  }

  return {
    /** The collection `id` as `viewer` may see it, and whether staff access opened it. */
    async view(id: string, viewer: Viewer): Promise<{ detail: CollectionDetail; staffAccess: boolean }> {
      const s = await standing(id, viewer.user);
      return { detail: await detail(s, viewer), staffAccess: s.staffAccess };
    },

    /** Whether robots may index the collection's page: only a public one. */
    async isPublic(id: string): Promise<boolean> {
      const row = COLLECTION_ID_PATTERN.test(id) ? await findCollection(db, id, 0) : undefined;
      return row?.privacy === 'public';
    },

    async list(user: UserRow, page: number): Promise<CollectionList> {
      const rows = await listCollectionsOf(db, user.id, {
        limit: COLLECTIONS_PAGE_SIZE + 1,
        offset: (page - 1) * COLLECTIONS_PAGE_SIZE,
      });
      return {
        collections: rows.slice(0, COLLECTIONS_PAGE_SIZE).map(presentCollection),
        page,
        hasMore: rows.length > COLLECTIONS_PAGE_SIZE,
      };
    },

    async create(input: CreateCollectionBody, viewer: Viewer & { user: UserRow }): Promise<CollectionDetail> {
      const body = input as Required<Pick<CreateCollectionBody, 'name' | 'description' | 'privacy'>> &
        CreateCollectionBody;
      const actor = viewer.user;
      let teamId: number | null = null;
      if (body.team !== undefined) {
        const membership = await teams.membership(body.team, actor);
        if (!membership) throw badRequest(COLLECTION_MESSAGES.teamNotMember(body.team));
        teamId = membership.id;
      }
      const named = body.shares ? await grantsOf(body.shares, actor) : [];
      if (named.length > 0 && body.privacy !== 'shared')
        throw badRequest(COLLECTION_MESSAGES.sharesNeedShared);
      const id = newCollectionId();
      await writes.create({
        id,
        name: body.name,
        description: body.description ?? '',
        privacy: body.privacy ?? 'unlisted',
        owner: teamId === null ? { user_id: actor.id, team_id: null } : { user_id: null, team_id: teamId },
        actor: actor.id,
        grants: named,
      });
      return fresh(id, viewer);
    },

    /** Name, description and order (editors); privacy and whom it names (managers). */
    async update(id: string, body: UpdateCollectionBody, viewer: Viewer & { user: UserRow }) {
      const s = await standing(id, viewer.user);
      const edits = body.name !== undefined || body.description !== undefined || body.order !== undefined;
      if (edits && !canEditCollection(s.reader)) throw forbidden(COLLECTION_MESSAGES.notEditor);
      const manages = body.privacy !== undefined || body.shares !== undefined;
      if (manages && !canManageCollection(s.reader)) throw forbidden(COLLECTION_MESSAGES.notManager);
      const privacy = body.privacy ?? s.row.privacy;
      const named = body.shares ? await grantsOf(body.shares, viewer.user) : undefined;
      if (named && named.length > 0 && privacy !== 'shared')
        throw badRequest(COLLECTION_MESSAGES.sharesNeedShared);
      let order: string[] | undefined;
      if (body.order) {
        if (new Set(body.order).size !== body.order.length)
          throw badRequest(COLLECTION_MESSAGES.orderDuplicate);
        // Only what the editor may read can be named: the rest is not there for them.
        const seen = new Set((await visiblePastes(id, viewer)).map((p) => p.id));
        if (body.order.some((p) => !seen.has(p))) throw badRequest(COLLECTION_MESSAGES.pasteNotInCollection);
        order = body.order;
      }
      await writes.update(id, {
        fields: { name: body.name, description: body.description, privacy: body.privacy },
        // Leaving Shared ends every grant: they would come back unseen if it were shared again.
        grants: privacy !== 'shared' ? [] : named,
        order,
        actor: viewer.user.id,
      });
      return fresh(id, viewer);
    },

    async remove(id: string, user: UserRow): Promise<CollectionRow> {
      const s = await standing(id, user);
      if (!canManageCollection(s.reader)) throw forbidden(COLLECTION_MESSAGES.notManager);
      await deleteCollection(db, id);
      return s.row;
    },

    /** Adds paste `pasteId` at the end; one already there stays where it is (changed: false). */
    async addPaste(id: string, pasteId: string, viewer: Viewer & { user: UserRow }) {
      await editable(id, viewer);
      const found = await readablePaste(pasteId, viewer);
      if (!found) throw notFound(COLLECTION_MESSAGES.pasteNotFound);
      if (!mayCollectPaste(found.row, { isAuthor: found.isOwner }))
        throw forbidden(COLLECTION_MESSAGES.pasteNotAddable);
      const changed = await writes.append(id, pasteId, viewer.user.id, COLLECTION_PASTES_MAX, () =>
        conflict(COLLECTION_MESSAGES.tooManyPastes),
      );
      return { detail: await fresh(id, viewer), changed };
    },

    /** Removes paste `pasteId`; one the editor may not read is not there for them (404). */
    async removePaste(id: string, pasteId: string, viewer: Viewer & { user: UserRow }) {
      await editable(id, viewer);
      const seen = (await visiblePastes(id, viewer)).some((p) => p.id === pasteId);
      if (!seen || !(await writes.removeEntry(id, pasteId)))
        throw notFound(COLLECTION_MESSAGES.pasteNotInCollection);
      return fresh(id, viewer);
    },
  };
}
