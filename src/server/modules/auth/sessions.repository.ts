import { type Kysely, sql } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.js';
import type { UserRow } from '../users/users.service.js';

export async function insertSession(
  db: Kysely<Database>,
  s: {
    idHash: string;
    userId: number;
    createdAt: number;
    expiresAt: number;
    identityProvider: string | null;
    userAgent: string | null;
    ip: string | null;
    secondFactorAt: number | null;
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
      user_agent: s.userAgent,
      ip: s.ip,
      last_seen_at: s.createdAt,
      second_factor_at: s.secondFactorAt,
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

export type SessionOfUser = Pick<SessionsTable, 'last_seen_at' | 'second_factor_at' | 'ip'>;

/** The user of a live session and what the session itself knows, in one indexed read. */
export async function findSessionUser(
  db: Kysely<Database>,
  idHash: string,
  now: number,
): Promise<{ user: UserRow; session: SessionOfUser } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.second_factor_at as session_second_factor_at',
      'sessions.ip as session_ip',
    ])
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_last_seen_at, session_second_factor_at, session_ip, ...user } = row;
  return {
    user,
    session: {
      last_seen_at: session_last_seen_at === null ? null : Number(session_last_seen_at),
      second_factor_at: session_second_factor_at === null ? null : Number(session_second_factor_at),
      ip: session_ip,
    },
  };
}

/** Moves "last seen" (and the address it was seen from). */
export async function touchSession(
  db: Kysely<Database>,
  idHash: string,
  now: number,
  ip: string,
): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now, ip }).where('id_hash', '=', idHash).execute();
}

export async function markSessionSecondFactor(
  db: Kysely<Database>,
  idHash: string,
  now: number,
): Promise<void> {
  await db.updateTable('sessions').set({ second_factor_at: now }).where('id_hash', '=', idHash).execute();
}

/** A user's live sessions, the most recently seen first (bounded: the list is a screen). */
export function listUserSessions(db: Kysely<Database>, userId: number, now: number, limit: number) {
  return (
    db
      .selectFrom('sessions')
      .select(['id_hash', 'created_at', 'last_seen_at', 'user_agent', 'ip', 'identity_provider'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      // Sessions older than the column have no "last seen": their sign-in stands in for it.
      .orderBy(sql`coalesce(last_seen_at, created_at)`, 'desc')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute()
  );
}

/** The id hashes of a user's sessions (to find one by its public id). */
export async function userSessionHashes(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute();
  return rows.map((r) => r.id_hash);
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of a user, except optionally the one in use; how many ended. */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: number,
  keepIdHash?: string,
): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepIdHash) q = q.where('id_hash', '!=', keepIdHash);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number): Promise<number> {
  const r = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
