import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '../../common/messages.js';
import { AppError } from '../errors.js';
import { hasApiCredential } from './api-credential.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ownOrigins(request: FastifyRequest, configured: string[]): string[] {
  return [`${request.protocol}://${request.host}`, ...configured];
}

function isForged(request: FastifyRequest, publicOrigins: string[]): boolean {
  if (SAFE_METHODS.has(request.method) || hasApiCredential(request)) return false;
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  if (origin !== undefined && !ownOrigins(request, publicOrigins).includes(origin)) return true;
  // A cookie-carrying request with neither header cannot be told apart from a forged one.
  return (
    site === undefined && origin === undefined && !!request.headers.cookie?.includes('pasteshare_session')
  );
}

/**
 * Cross-site request forgery: state changes must come from our own pages. Browsers send
 * Sec-Fetch-Site and/or Origin with every cross-site POST; a cookie-carrying request with neither
 * is refused too. API-key and access-token requests never use the cookie, so they need no check.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it never waits, and it runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      isForged(request, app.services.config.publicOrigins)
        ? new AppError('CSRF', GENERIC_MESSAGES.csrf)
        : undefined,
    );
  });
});
