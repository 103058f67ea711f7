import type { Kysely } from 'kysely';
import type { AccountSession } from '../../../common/schemas/sessions.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { UserRow } from '../users/users.service.js';
import { presentSession, publicSessionId } from './sessions.presenter.js';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSessionProvider,
  findSessionUser,
  insertSession,
  listUserSessions,
  markSessionSecondFactor,
  touchSession,
  userSessionHashes,
} from './sessions.repository.js';

/** "Last seen" moves at most this often: one write per session every few minutes, not per request. */
export const SESSION_SEEN_STEP_MS = 5 * 60 * 1000;
/** The Sessions list shows this many devices at most (the most recently seen). */
const LIST_LIMIT = 100;
const USER_AGENT_MAX = 300;

/** Where a session was started from, as the Sessions list shows it. */
export interface SessionDevice {
  userAgent: string | undefined;
  ip: string;
}

/**
 * Signed-in sessions: a random 256-bit id goes to the browser, only its hash is stored. The
 * session plugin starts, resolves and ends them; credential changes end the others.
 */
export function createSessionsService({
  db,
  clock,
  ttlMs,
}: {
  db: Kysely<Database>;
  clock: Clock;
  ttlMs: number;
}) {
  return {
    /**
     * A new session for the user: the token for the cookie, and the hash that names it here.
     * `identityProvider`: the sign-in provider it came from (null for a local password);
     * `secondFactorAt`: when its sign-in passed a second factor (null: it had none).
     */
    async start(
      userId: number,
      identityProvider: string | null,
      device: SessionDevice,
      secondFactorAt: number | null,
    ): Promise<{ token: string; idHash: string }> {
      const token = randomToken(32);
      const idHash = hashToken(token);
      const now = clock.now();
      await insertSession(db, {
        idHash,
        userId,
        createdAt: now,
        expiresAt: now + ttlMs,
        identityProvider,
        userAgent: device.userAgent?.slice(0, USER_AGENT_MAX) || null,
        ip: device.ip,
        secondFactorAt,
      });
      return { token, idHash };
    },
    /** The sign-in provider of a session, to sign out there too. */
    identityProviderOf: (idHash: string) => findSessionProvider(db, idHash),
    /**
     * The user of a live session, by the cookie's token, with when the session last passed a
     * second factor; "last seen" moves when it is older than SESSION_SEEN_STEP_MS.
     */
    async resolve(
      token: string,
      ip: string,
    ): Promise<{ user: UserRow; idHash: string; secondFactorAt: number | null } | null> {
      const idHash = hashToken(token);
      const now = clock.now();
      const found = await findSessionUser(db, idHash, now);
      if (!found) return null;
      if (now - (found.session.last_seen_at ?? 0) >= SESSION_SEEN_STEP_MS)
        await touchSession(db, idHash, now, ip);
      return { user: found.user, idHash, secondFactorAt: found.session.second_factor_at };
    },
    /** The session just passed a second-factor check (a code given for an action). */
    markSecondFactor: (idHash: string) => markSessionSecondFactor(db, idHash, clock.now()),
    /** Account → Sessions: the user's live sessions, `currentIdHash` marked as this device and first. */
    async list(userId: number, currentIdHash: string | null): Promise<AccountSession[]> {
      const rows = await listUserSessions(db, userId, clock.now(), LIST_LIMIT);
      // This device first, then the others by when they were last seen.
      const listed = rows.map((r) => presentSession(r, currentIdHash));
      return [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)];
    },
    /** The stored hash of the user's session shown as `publicId`, or null (another's, or ended). */
    async findByPublicId(userId: number, publicId: string): Promise<string | null> {
      const hashes = await userSessionHashes(db, userId);
      return hashes.find((h) => publicSessionId(h) === publicId) ?? null;
    },
    end: (idHash: string) => deleteSession(db, idHash),
    /** Ends every session of the user but `keepIdHash` (the one in use), or all of them; how many. */
    endAllForUser: (userId: number, opts: { keepIdHash?: string; tx?: Kysely<Database> } = {}) =>
      deleteUserSessions(opts.tx ?? db, userId, opts.keepIdHash),
    /** Drops expired sessions (a background task). */
    sweep: () => deleteExpiredSessions(db, clock.now()),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
