import type { FastifyReply, FastifyRequest } from 'fastify';
import { canModerate } from '../../../common/policies.js';
import type { SecondFactorRequired } from '../../../common/schemas/second-factor.js';
import type { PublicUser } from '../../../common/schemas/user.js';
import { endSession, startSession } from '../../plugins/session.js';
import { presentUser } from '../users/users.presenter.js';
import type { UserRow } from '../users/users.service.js';
import { clearSecondFactorCookie, setSecondFactorCookie } from './second-factor-cookie.js';

/** How a person proved who they are: a local password, or a sign-in provider (by its id). */
export type SignInVia = { method: 'password' } | { method: 'oidc' | 'github' | 'ldap'; provider: string };

/** A session was started, or the first factor passed and the second is awaited. */
export type SignInOutcome = { kind: 'signed-in' } | ({ kind: 'second-factor' } & SecondFactorRequired);

/**
 * The signed-in account as a sign-in answers it (and GET /api/user), saying when its role requires
 * a second factor it must set up first.
 */
export async function signedInAnswer(request: FastifyRequest, user: UserRow): Promise<PublicUser> {
  const required = await request.server.services.secondFactor.enrolmentRequired(user);
  return required ? { ...presentUser(user), secondFactorEnrolmentRequired: true } : presentUser(user);
}

/** The login answer of an account with a second factor: no user yet, only what it may use. */
export function secondFactorAnswer(
  outcome: Extract<SignInOutcome, { kind: 'second-factor' }>,
): SecondFactorRequired {
  return { secondFactorRequired: outcome.secondFactorRequired, methods: outcome.methods };
}

/**
 * Where every sign-in ends, whatever the way in (local password, OpenID Connect, GitHub, LDAP),
 * so a check each of them must pass belongs here and nowhere else: a banned address or a
 * suspended account (told its reason) gets no session; an account with a second factor gets no
 * session yet, only a challenge its code completes (POST /api/auth/second-factor).
 */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  via: SignInVia,
): Promise<SignInOutcome> {
  const provider = via.method === 'password' ? null : via.provider;
  const { secondFactor, bans } = request.server.services;
  // A provider's sign-in ends on a GET (its callback), which the address-ban hook lets through.
  await bans.checkAddress(request.ip);
  await bans.checkAccount(user.id);
  const methods = await secondFactor.methodsOf(user.id);
  if (methods.length === 0) {
    await startSignedInSession(request, reply, user, via.method, provider, null);
    return { kind: 'signed-in' };
  }
  // Whoever was signed in on this browser is not any more: the next session is this person's.
  await endSession(request, reply);
  const token = await secondFactor.startChallenge(user.id, { method: via.method, provider });
  setSecondFactorCookie(request, reply, token);
  return { kind: 'second-factor', secondFactorRequired: true, methods };
}

/**
 * A sign-in by passkey alone: the authenticator verified the person and holds the key, two factors
 * in one, so the session starts fresh for the actions that need a check.
 */
export async function signInWithPasskey(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  const { bans, clock } = request.server.services;
  await bans.checkAddress(request.ip);
  await bans.checkAccount(user.id);
  await startSignedInSession(request, reply, user, 'passkey', null, clock.now());
}

/** Completes a sign-in whose second factor was just checked. */
export async function completeSecondFactorSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  first: { method: SignInVia['method']; provider: string | null },
): Promise<void> {
  clearSecondFactorCookie(request, reply);
  await request.server.services.bans.checkAccount(user.id);
  // The code was just checked: the session starts fresh for the actions that need one.
  const now = request.server.services.clock.now();
  await startSignedInSession(request, reply, user, first.method, first.provider, now);
}

/**
 * The previous session, if any, ends; the new one gets a fresh id; a staff member's sign-in is
 * audited with its way in.
 */
async function startSignedInSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  method: SignInVia['method'] | 'passkey',
  provider: string | null,
  secondFactorAt: number | null,
): Promise<void> {
  await endSession(request, reply);
  await startSession(request, reply, user.id, provider, secondFactorAt);
  if (!canModerate(user.role)) return;
  await request.server.services.audit.record(
    { actor: { id: user.id, username: user.username }, requestId: String(request.id), ip: request.ip },
    {
      action: 'staff.login',
      target: { type: 'user', id: user.id },
      details: { username: user.username, method, ...(provider ? { provider } : {}) },
    },
  );
}
