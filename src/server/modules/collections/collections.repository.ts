import type { Insertable, Kysely } from 'kysely';
import type { CollectionPrivacy, TeamRole } from '../../../common/constants.js';
import { type GrantRow, grantNamesUser, listGrants, namesUserOrTheirTeam } from '../../db/grants.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** A collection with its owner's name and how the reader stands to it. */
export interface CollectionRow {
  id: string;
  name: string;
  description: string;
  privacy: CollectionPrivacy;
  user_id: number | null;
  team_id: number | null;
  owner_username: string | null;
  team_slug: string | null;
  team_name: string | null;
  created_at: number;
  updated_at: number;
  /** The reader's role in the owning team (null: not in it, or no team owns it). */
  my_team_role: TeamRole | null;
}

function collectionsFor(db: Db, readerId: number) {
  return db
    .selectFrom('collections')
    .leftJoin('users', 'users.id', 'collections.user_id')
    .leftJoin('teams', 'teams.id', 'collections.team_id')
    .leftJoin('team_members as mine', (j) =>
      j.onRef('mine.team_id', '=', 'collections.team_id').on('mine.user_id', '=', readerId),
    )
    .select([
      'collections.id',
      'collections.name',
      'collections.description',
      'collections.privacy',
      'collections.user_id',
      'collections.team_id',
      'users.username as owner_username',
      'teams.slug as team_slug',
      'teams.name as team_name',
      'collections.created_at',
      'collections.updated_at',
      'mine.role as my_team_role',
    ]);
}

const asRow = (
  r: Omit<CollectionRow, 'created_at' | 'updated_at'> & { created_at: unknown; updated_at: unknown },
) => ({
  ...r,
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** The collection `id`, as reader `readerId` (0: a visitor) stands to it. */
export async function findCollection(
  db: Db,
  id: string,
  readerId: number,
): Promise<CollectionRow | undefined> {
  const row = await collectionsFor(db, readerId).where('collections.id', '=', id).executeTakeFirst();
  return row && asRow(row);
}

/** The collections `userId` owns or whose team they are in, most recently changed first. */
export async function listCollectionsOf(
  db: Db,
  userId: number,
  o: { limit: number; offset: number },
): Promise<CollectionRow[]> {
  const rows = await collectionsFor(db, userId)
    .where(namesUserOrTheirTeam('collections', userId))
    .orderBy('collections.updated_at', 'desc')
    .orderBy('collections.id')
    .limit(o.limit)
    .offset(o.offset)
    .execute();
  return rows.map(asRow);
}

/** Whether the shared collection `id` names user `userId`, by name or through a team they are in. */
export const collectionNamesReader = (db: Db, id: string, userId: number): Promise<boolean> =>
  grantNamesUser(db, 'collection_shares', id, userId);

export async function insertCollection(db: Db, row: Insertable<Database['collections']>): Promise<void> {
  await db.insertInto('collections').values(row).execute();
}

export async function updateCollection(
  db: Db,
  id: string,
  fields: { name?: string; description?: string; privacy?: CollectionPrivacy; updated_at: number },
): Promise<void> {
  await db.updateTable('collections').set(fields).where('id', '=', id).execute();
}

export async function deleteCollection(db: Db, id: string): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

/** The collection's pastes in order. */
export async function listEntries(db: Db, id: string): Promise<{ paste_id: string; position: number }[]> {
  return db
    .selectFrom('collection_pastes')
    .select(['paste_id', 'position'])
    .where('collection_id', '=', id)
    .orderBy('position')
    .orderBy('paste_id')
    .execute();
}

export async function insertEntry(
  db: Db,
  row: { collection_id: string; paste_id: string; position: number; added_by: number; added_at: number },
): Promise<void> {
  await db.insertInto('collection_pastes').values(row).execute();
}

export async function deleteEntry(db: Db, id: string, pasteId: string): Promise<boolean> {
  const r = await db
    .deleteFrom('collection_pastes')
    .where('collection_id', '=', id)
    .where('paste_id', '=', pasteId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function setPosition(db: Db, id: string, pasteId: string, position: number): Promise<void> {
  await db
    .updateTable('collection_pastes')
    .set({ position })
    .where('collection_id', '=', id)
    .where('paste_id', '=', pasteId)
    .execute();
}

export type CollectionShareRow = GrantRow;

export const listCollectionShares = (db: Db, id: string): Promise<CollectionShareRow[]> =>
  listGrants(db, 'collection_shares', id);

/** Replaces whom collection `id` names. */
export async function replaceCollectionShares(
  db: Db,
  id: string,
  grants: { user_id: number | null; team_id: number | null }[],
  by: { added_by: number; added_at: number },
): Promise<void> {
  await db.deleteFrom('collection_shares').where('collection_id', '=', id).execute();
  if (grants.length > 0) {
    await db
      .insertInto('collection_shares')
      .values(grants.map((g) => ({ ...g, collection_id: id, ...by })))
      .execute();
  }
}
