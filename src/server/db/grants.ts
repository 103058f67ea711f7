import { type Expression, expressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from './schema.js';

/** Tables whose rows name a user or a team: whom a paste or a collection is shared with, who owns a collection. */
type UserOrTeamTable = 'paste_shares' | 'collection_shares' | 'collections';

/**
 * The rule of whom a row names, the one place it is written: the user by name, or a team they are
 * in. Kept in SQL so that a check or a listing is one indexed query.
 */
export function namesUserOrTheirTeam(table: UserOrTeamTable, userId: number): Expression<SqlBool> {
  const eb = expressionBuilder<Database, UserOrTeamTable>();
  return eb.or([
    eb(`${table}.user_id`, '=', userId),
    eb(
      `${table}.team_id`,
      'in',
      eb.selectFrom('team_members').select('team_members.team_id').where('team_members.user_id', '=', userId),
    ),
  ]);
}

/** The grant tables and the column naming what each grant is for. */
const GRANT_KEYS = {
  paste_shares: 'paste_shares.paste_id',
  collection_shares: 'collection_shares.collection_id',
} as const;
export type GrantTable = keyof typeof GRANT_KEYS;

/** Whether a grant of `table` for `id` names user `userId` (see namesUserOrTheirTeam). */
export async function grantNamesUser(
  db: Kysely<Database>,
  table: GrantTable,
  id: string,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select(`${table}.id`)
    .where(GRANT_KEYS[table], '=', id)
    .where(namesUserOrTheirTeam(table, userId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A grant with the name of the user or team it names. */
export interface GrantRow {
  id: number;
  user_id: number | null;
  team_id: number | null;
  username: string | null;
  slug: string | null;
  team_name: string | null;
  added_at: number;
}

/** The grants of `table` for `id`, oldest first. */
export async function listGrants(db: Kysely<Database>, table: GrantTable, id: string): Promise<GrantRow[]> {
  const rows = await db
    .selectFrom(table)
    .leftJoin('users', 'users.id', `${table}.user_id`)
    .leftJoin('teams', 'teams.id', `${table}.team_id`)
    .select([
      `${table}.id`,
      `${table}.user_id`,
      `${table}.team_id`,
      'users.username',
      'teams.slug',
      'teams.name as team_name',
      `${table}.added_at`,
    ])
    .where(GRANT_KEYS[table], '=', id)
    .orderBy(`${table}.added_at`)
    .orderBy(`${table}.id`)
    .execute();
  return rows.map((r) => ({ ...r, added_at: Number(r.added_at) }));
}
