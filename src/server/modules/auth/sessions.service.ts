import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { UserRow } from '../users/users.service.js';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSessionProvider,
  findSessionUser,
  insertSession,
} from './sessions.repository.js';

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
     * `identityProvider`: the sign-in provider it came from (null for a local password).
     */
    async start(userId: number, identityProvider: string | null): Promise<{ token: string; idHash: string }> {
      const token = randomToken(32);
      const idHash = hashToken(token);
      const now = clock.now();
      await insertSession(db, { idHash, userId, createdAt: now, expiresAt: now + ttlMs, identityProvider });
      return { token, idHash };
    },
    /** The sign-in provider of a session, to sign out there too. */
    identityProviderOf: (idHash: string) => findSessionProvider(db, idHash),
    /** The user of a live session, by the cookie's token. */
    async resolve(token: string): Promise<{ user: UserRow; idHash: string } | null> {
      const idHash = hashToken(token);
      const user = await findSessionUser(db, idHash, clock.now());
      return user ? { user, idHash } : null;
    },
    end: (idHash: string) => deleteSession(db, idHash),
    /** Ends every session of the user but `keepIdHash` (the one in use), or all of them. */
    endAllForUser: (userId: number, opts: { keepIdHash?: string; tx?: Kysely<Database> } = {}) =>
      deleteUserSessions(opts.tx ?? db, userId, opts.keepIdHash),
    /** Drops expired sessions (a background task). */
    sweep: () => deleteExpiredSessions(db, clock.now()),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
