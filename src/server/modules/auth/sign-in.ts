import type { FastifyReply, FastifyRequest } from 'fastify';
import { canModerate } from '../../../common/policies.js';
import { endSession, startSession } from '../../plugins/session.js';
import type { UserRow } from '../users/users.service.js';

/** How a person proved who they are: a local password, or a sign-in provider (by its id). */
export type SignInVia = { method: 'password' } | { method: 'oidc' | 'github' | 'ldap'; provider: string };

/**
 * Starts a session for an account whose owner has just proved who they are, whatever the way in
 * (local password, OpenID Connect, GitHub, LDAP): every sign-in ends here, so a check each of them
 * must pass (a second factor) belongs here and nowhere else. The previous session, if any, ends;
 * the new one gets a fresh id; a staff member's sign-in is audited with its way in.
 */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  via: SignInVia,
): Promise<void> {
  const provider = via.method === 'password' ? null : via.provider;
  await endSession(request, reply);
  await startSession(request, reply, user.id, provider);
  if (!canModerate(user.role)) return;
  await request.server.services.audit.record(
    { actor: { id: user.id, username: user.username }, requestId: String(request.id), ip: request.ip },
    {
      action: 'staff.login',
      target: { type: 'user', id: user.id },
      details: { username: user.username, method: via.method, ...(provider ? { provider } : {}) },
    },
  );
}
