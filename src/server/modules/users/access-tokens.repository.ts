import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AccessTokensTable, Database } from '../../db/schema.js';
import type { UserRow } from './users.repository.js';

export type AccessTokenRow = Selectable<AccessTokensTable>;

/** A person's tokens, newest first. */
export function listAccessTokens(db: Kysely<Database>, userId: number): Promise<AccessTokenRow[]> {
  return db
    .selectFrom('access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Adds a token unless its owner already holds `max`, in the caller's transaction. The owner's row
 * is locked first (a no-op update), so two creates at once count one after the other.
 */
export async function insertAccessTokenWithin(
  trx: Kysely<Database>,
  token: Omit<Insertable<AccessTokensTable>, 'id'>,
  max: number,
): Promise<AccessTokenRow | null> {
  await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', token.user_id)
    .execute();
  const { n } = await trx
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', token.user_id)
    .executeTakeFirstOrThrow();
  if (Number(n) >= max) return null;
  return trx.insertInto('access_tokens').values(token).returningAll().executeTakeFirstOrThrow();
}

/** The token with this hash and its owner, if both exist. */
export async function findAccessTokenByHash(
  db: Kysely<Database>,
  hash: string,
): Promise<{ token: AccessTokenRow; user: UserRow } | undefined> {
  const token = await db
    .selectFrom('access_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!token) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', token.user_id).executeTakeFirst();
  return user ? { token, user } : undefined;
}

/** Records a use, at most once per `every` ms per token: a busy script does not write per request. */
export async function touchAccessToken(
  db: Kysely<Database>,
  id: number,
  now: number,
  every: number,
): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - every)]))
    .execute();
}

/** Revokes one of the owner's tokens; false when the owner has no such token. */
export async function deleteAccessToken(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('access_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Revokes every token of the owner (in the caller's transaction); how many there were. */
export async function deleteAccessTokensOf(db: Kysely<Database>, userId: number): Promise<number> {
  const r = await db.deleteFrom('access_tokens').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}
