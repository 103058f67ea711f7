import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessTokenParams, createAccessTokenBodySchema } from '../../../common/schemas/access-tokens.js';

/**
 * Account → Access tokens. Session-only, like the API key's own routes: a token (or the key) never
 * makes or lists tokens, so a leaked one cannot widen itself.
 */
export const accessTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accessTokens } = app.services;
  const signedIn = { access: 'signed-in' } as const;

  app.get('/api/account/tokens', { config: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return accessTokens.list(request.user!);
  });

  app.post(
    '/api/account/tokens',
    // A new credential: a stolen session alone must not mint one (as for the API key).
    { config: { ...signedIn, freshSecondFactor: true }, schema: { body: createAccessTokenBodySchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reply.code(201).send(await accessTokens.create(request.user!, request.body));
    },
  );

  app.delete(
    '/api/account/tokens/:id',
    { config: signedIn, schema: { params: accessTokenParams } },
    async (request) => {
      await accessTokens.revoke(request.user!, request.params.id);
      return { success: true as const };
    },
  );
};
