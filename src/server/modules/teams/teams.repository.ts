import type { Kysely } from 'kysely';
import type { TeamRole } from '../../../common/constants.js';
import type { Database } from '../../db/schema.js';

/** A team with how many it has and the reader's own role in it (null: not a member). */
export interface TeamListRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  created_at: number;
  member_count: number;
  my_role: TeamRole | null;
}

function teamsWithCounts(db: Kysely<Database>, readerId: number) {
  return db
    .selectFrom('teams')
    .leftJoin('team_members as mine', (j) =>
      j.onRef('mine.team_id', '=', 'teams.id').on('mine.user_id', '=', readerId),
    )
    .select((eb) => [
      'teams.id',
      'teams.slug',
      'teams.name',
      'teams.description',
      'teams.created_at',
      'mine.role as my_role',
      eb
        .selectFrom('team_members')
        .whereRef('team_members.team_id', '=', 'teams.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('member_count'),
    ]);
}

const asListRow = (r: Omit<TeamListRow, 'member_count'> & { member_count: unknown }): TeamListRow => ({
  ...r,
  created_at: Number(r.created_at),
  member_count: Number(r.member_count ?? 0),
});

export async function insertTeam(
  db: Kysely<Database>,
  team: { slug: string; name: string; description: string; created_at: number },
): Promise<number> {
  const row = await db.insertInto('teams').values(team).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findTeam(
  db: Kysely<Database>,
  slug: string,
  readerId: number,
): Promise<TeamListRow | undefined> {
  const row = await teamsWithCounts(db, readerId).where('teams.slug', '=', slug).executeTakeFirst();
  return row && asListRow(row);
}

/** The teams `userId` is in, by name. */
export async function listTeamsOf(db: Kysely<Database>, userId: number): Promise<TeamListRow[]> {
  const rows = await teamsWithCounts(db, userId)
    .where('mine.user_id', '=', userId)
    .orderBy('teams.name')
    .execute();
  return rows.map(asListRow);
}

export async function listAllTeams(db: Kysely<Database>, readerId: number): Promise<TeamListRow[]> {
  return (await teamsWithCounts(db, readerId).orderBy('teams.name').execute()).map(asListRow);
}

export async function updateTeam(
  db: Kysely<Database>,
  id: number,
  patch: { name?: string; description?: string },
) {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('teams').set(patch).where('id', '=', id).execute();
}

export async function deleteTeam(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('teams').where('id', '=', id).execute();
}

export async function listMembers(db: Kysely<Database>, teamId: number) {
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'users.id as user_id',
      'users.username',
      'team_members.role',
      'team_members.added_at',
      'team_members.source',
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy('users.username_key')
    .execute();
  return rows.map((r) => ({ ...r, added_at: Number(r.added_at) }));
}

export async function memberRole(
  db: Kysely<Database>,
  teamId: number,
  userId: number,
): Promise<TeamRole | null> {
  return (await membership(db, teamId, userId))?.role ?? null;
}

/** A person's membership of a team with where it came from; undefined when not in it. */
export async function membership(
  db: Kysely<Database>,
  teamId: number,
  userId: number,
): Promise<{ role: TeamRole; source: string | null } | undefined> {
  return db
    .selectFrom('team_members')
    .select(['role', 'source'])
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The ids of the teams with these slugs, by slug (an unknown slug is missing from the map). */
export async function teamIdsBySlug(db: Kysely<Database>, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db.selectFrom('teams').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Hands a membership over to its owners: no sync removes it any more. */
export async function clearMemberSource(db: Kysely<Database>, teamId: number, userId: number): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ source: null })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

export async function countMembers(db: Kysely<Database>, teamId: number, role?: TeamRole): Promise<number> {
  let q = db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId);
  if (role) q = q.where('role', '=', role);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function insertMember(
  db: Kysely<Database>,
  member: { team_id: number; user_id: number; role: TeamRole; added_at: number; source?: string | null },
): Promise<void> {
  await db.insertInto('team_members').values(member).execute();
}

/** A role set by hand: the membership is its owners' from then on (no sync removes it). */
export async function setMemberRole(
  db: Kysely<Database>,
  teamId: number,
  userId: number,
  role: TeamRole,
): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ role, source: null })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Kysely<Database>, teamId: number, userId: number): Promise<void> {
  await db.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
}
