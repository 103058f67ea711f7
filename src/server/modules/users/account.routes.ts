import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  regenerateApiKeyBodySchema,
} from '../../../common/schemas/account.js';
import { mailContext } from '../mail/mail.service.js';

/**
 * The account page's calls (spec §7 Account), for the signed-in user only. Session-only: an API
 * key never reaches these routes (they do not set `apiKey`), so a leaked key cannot take over the
 * account by changing its password, email or key. Where the account has a second factor, a new
 * address or key also needs a fresh check of it (plugins/second-factor-gate.ts).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account, apiKeys } = app.services;
  const signedIn = { access: 'signed-in' } as const;
  const withFreshSecondFactor = { access: 'signed-in', freshSecondFactor: true } as const;

  app.post(
    '/api/user/change-password',
    { config: signedIn, schema: { body: changePasswordBodySchema } },
    async (request) => account.changePassword(request.user!, request.body, request.sessionIdHash),
  );

  app.post(
    '/api/user/change-email',
    { config: withFreshSecondFactor, schema: { body: changeEmailBodySchema } },
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
    { config: withFreshSecondFactor, schema: { body: regenerateApiKeyBodySchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { apiKey: await apiKeys.regenerate(request.user!.id) };
    },
  );
};
