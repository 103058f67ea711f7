import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECOND_FACTOR_CHALLENGE_TTL_MS } from '../../../common/constants.js';
import { isSecure } from '../../plugins/session.js';

/**
 * The browser's half of a sign-in waiting for its second factor: a random token in an HttpOnly,
 * SameSite=Lax cookie, the challenge in the database under its hash (any instance may complete
 * it). No session exists until the code is right.
 */
const NAME = 'pasteshare_second_factor';

function cookieName(request: FastifyRequest): string {
  return isSecure(request.server, request) ? `__Host-${NAME}` : NAME;
}

function options(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: isSecure(request.server, request), path: '/' };
}

export function setSecondFactorCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(request), token, {
    ...options(request),
    maxAge: Math.floor(SECOND_FACTOR_CHALLENGE_TTL_MS / 1000),
  });
}

export function readSecondFactorCookie(request: FastifyRequest): string | undefined {
  const token = request.cookies[cookieName(request)];
  return token && token.length <= 100 ? token : undefined;
}

export function clearSecondFactorCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), options(request));
}
