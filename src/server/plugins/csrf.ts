import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '../../common/messages.js';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ownOrigins(request: FastifyRequest, configured: string[]): string[] {
  return [`${request.protocol}://${request.host}`, ...configured];
}

/**
 * Cross-site request forgery: state changes must come from our own pages. Browsers send
 * Sec-Fetch-Site and/or Origin with every cross-site POST; a cookie-carrying request with neither
 * is refused too. API-key requests never use the cookie, so they need no check.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.headers['x-api-key'] !== undefined) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new AppError('CSRF', GENERIC_MESSAGES.csrf);
    }
    if (origin !== undefined && !ownOrigins(request, app.services.config.publicOrigins).includes(origin)) {
      throw new AppError('CSRF', GENERIC_MESSAGES.csrf);
    }
    if (
      site === undefined &&
      origin === undefined &&
      request.headers.cookie?.includes('pasteshare_session')
    ) {
      throw new AppError('CSRF', GENERIC_MESSAGES.csrf);
    }
  });
});
