import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UserRow } from '../users/users.service.js';

export async function insertSession(
  db: Kysely<Database>,
  s: {
    idHash: string;
    userId: number;
    createdAt: number;
    expiresAt: number;
    identityProvider: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: s.idHash,
      user_id: s.userId,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      identity_provider: s.identityProvider,
    })
    .execute();
}

/** The sign-in provider a session came from (null: a local password, or no such session). */
export async function findSessionProvider(db: Kysely<Database>, idHash: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select('identity_provider')
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return row?.identity_provider ?? null;
}

/** The user of a live session, in one indexed read. */
export async function findSessionUser(
  db: Kysely<Database>,
  idHash: string,
  now: number,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of a user, except optionally the one in use. */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: number,
  keepIdHash?: string,
): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepIdHash) q = q.where('id_hash', '!=', keepIdHash);
  await q.execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number): Promise<number> {
  const r = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
