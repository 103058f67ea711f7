import type { Kysely } from 'kysely';
import { type GrantRow, grantNamesUser, listGrants, namesUserOrTheirTeam } from '../../db/grants.js';
import type { Database } from '../../db/schema.js';

/**
 * Whether paste `pasteId` names user `userId`: by name, or through a team they are in. One
 * indexed look-up, made only when a shared paste is read by someone not its author.
 */
export const namesReader = (db: Kysely<Database>, pasteId: string, userId: number): Promise<boolean> =>
  grantNamesUser(db, 'paste_shares', pasteId, userId);

export type ShareRow = GrantRow;

export const listShares = (db: Kysely<Database>, pasteId: string): Promise<ShareRow[]> =>
  listGrants(db, 'paste_shares', pasteId);

export async function insertShares(
  db: Kysely<Database>,
  rows: {
    paste_id: string;
    user_id: number | null;
    team_id: number | null;
    added_by: number;
    added_at: number;
  }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('paste_shares').values(rows).execute();
}

export async function deleteShares(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('paste_shares').where('id', 'in', ids).execute();
}

function grantsFor(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('paste_shares')
    .innerJoin('pastes', 'pastes.id', 'paste_shares.paste_id')
    .where(namesUserOrTheirTeam('paste_shares', userId));
}

/**
 * One page of the live shared pastes that name `userId` (by name or through a team), newest grant
 * first, one row per paste, with the grants that name them (the service says which one to show).
 * Paged in SQL over distinct pastes, so a page costs the same however much is shared.
 */
export async function listSharedWith(
  db: Kysely<Database>,
  userId: number,
  o: { now: number; limit: number; offset: number },
) {
  const page = await grantsFor(db, userId)
    .select((eb) => ['paste_shares.paste_id', eb.fn.max('paste_shares.added_at').as('shared_at')])
    .where('pastes.privacy', '=', 'shared')
    .where('pastes.status', '!=', 'failed')
    .where('pastes.burn_claimed_at', 'is', null)
    .where((eb) => eb.or([eb('pastes.expires_at', 'is', null), eb('pastes.expires_at', '>', o.now)]))
    // Their author reads them as the author: they are not "shared with" them.
    .where((eb) => eb.or([eb('pastes.user_id', 'is', null), eb('pastes.user_id', '!=', userId)]))
    .groupBy('paste_shares.paste_id')
    .orderBy('shared_at', 'desc')
    .orderBy('paste_shares.paste_id')
    .limit(o.limit)
    .offset(o.offset)
    .execute();
  if (page.length === 0) return [];
  const ids = page.map((p) => p.paste_id);
  const grants = await grantsFor(db, userId)
    .leftJoin('users as author', 'author.id', 'pastes.user_id')
    .leftJoin('teams', 'teams.id', 'paste_shares.team_id')
    .select([
      'pastes.id',
      'pastes.title',
      'pastes.language',
      'pastes.privacy',
      'pastes.created_at',
      'author.username',
      'paste_shares.added_at',
      'paste_shares.user_id',
      'teams.slug',
      'teams.name as team_name',
    ])
    .where('paste_shares.paste_id', 'in', ids)
    .execute();
  return page.map((p) => ({
    sharedAt: Number(p.shared_at),
    grants: grants
      .filter((g) => g.id === p.paste_id)
      .map((g) => ({ ...g, created_at: Number(g.created_at), added_at: Number(g.added_at) })),
  }));
}
