import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeEmailBodySchema, changePasswordBodySchema } from '../../../common/schemas/account.js';
import { mailContext } from '../mail/mail.service.js';

/**
 * The account page's calls (spec §7 Account), for the signed-in user only. Session-only: an API
 * key never reaches these routes (they do not set `apiKey`), so a leaked key cannot take over the
 * account by changing its password, email or key.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account, apiKeys } = app.services;
  const signedIn = { access: 'signed-in' } as const;

  app.post(
    '/api/user/change-password',
    { config: signedIn, schema: { body: changePasswordBodySchema } },
    async (request) => account.changePassword(request.user!, request.body, request.sessionIdHash),
  );

  app.post(
    '/api/user/change-email',
    { config: signedIn, schema: { body: changeEmailBodySchema } },
    async (request) =>
      account.changeEmail(request.user!, request.body, request.sessionIdHash, mailContext(request)),
  );

  app.get('/api/settings/user', { config: signedIn }, async (request) => account.userSettings(request.user!));

  app.get('/api/user/api-key', { config: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return apiKeys.status(request.user!);
  });

  app.post(
    '/api/user/regenerate-api-key',
    { config: signedIn, schema: { body: z.unknown() } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { apiKey: await apiKeys.regenerate(request.user!.id) };
    },
  );
};
