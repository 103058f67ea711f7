import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The API credential a request carries — the `pb_` key or a `pst_` access token — in X-API-Key or
 * as `Authorization: Bearer …`; undefined when it carries none. A request with one is a script's:
 * the session cookie is ignored and CSRF does not apply (no cross-site form can set either header).
 * Other Authorization schemes (Basic, from a proxy's login) are not credentials of ours.
 */
export function apiCredentialOf(request: FastifyRequest): string | string[] | undefined {
  const key = request.headers['x-api-key'];
  if (key !== undefined) return key;
  const authorization = request.headers.authorization;
  if (authorization === undefined) return undefined;
  return BEARER.exec(authorization)?.[1];
}

/** Whether the request carries an API credential (see apiCredentialOf). */
export const hasApiCredential = (request: FastifyRequest): boolean => apiCredentialOf(request) !== undefined;
