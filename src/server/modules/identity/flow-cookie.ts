import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecure } from '../../plugins/session.js';
import { FLOW_TTL_MS } from './identity.service.js';

/**
 * The browser's half of a redirect sign-in: a random token in an HttpOnly, SameSite=Lax cookie
 * (Lax: the provider's redirect back is a top-level navigation, which carries it). The flow is
 * kept in the database under the token's hash, so the callback may reach any instance, and a
 * callback without this browser's cookie (a link sent to someone else) finds no flow.
 */
const NAME = 'pasteshare_sso_flow';

function cookieName(request: FastifyRequest): string {
  return isSecure(request.server, request) ? `__Host-${NAME}` : NAME;
}

function options(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: isSecure(request.server, request), path: '/' };
}

export function setFlowCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(request), token, {
    ...options(request),
    maxAge: Math.floor(FLOW_TTL_MS / 1000),
  });
}

/** The flow token of this browser, if any; the cookie is cleared either way (a flow is used once). */
export function takeFlowCookie(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const name = cookieName(request);
  const token = request.cookies[name];
  if (token !== undefined) reply.clearCookie(name, options(request));
  return token && token.length <= 100 ? token : undefined;
}
