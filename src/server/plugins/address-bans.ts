import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Bans of addresses and ranges (modules/bans) on every write: a request from a banned address
 * that would change something (any API method but a read) is refused with 403 BANNED, sign-in
 * included. The address is Fastify's request.ip, the one the rate limits count: the socket's, or
 * behind TRUST_PROXY the client the trusted proxy names. Routes that only read through a POST (a
 * password check, a burn read's confirmation, signing out) say so with `notAWrite`.
 */
export const addressBansPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      SAFE_METHODS.has(request.method) ||
      !request.url.startsWith('/api/') ||
      request.routeOptions.config?.notAWrite
    ) {
      return done();
    }
    app.services.bans.checkAddress(request.ip).then(() => done(), done);
  });
});
