import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secondFactorCodeBodySchema } from '../../../common/schemas/second-factor.js';

/**
 * The account page's second factor: its state, enrolling an authenticator app (the secret shown
 * once, confirmed by a code, which hands out the recovery codes once), and turning it off with a
 * code. Signed-in sessions only: an API key manages no second factor.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { secondFactor } = app.services;

  app.get('/api/account/second-factor', { config: { access: 'signed-in' } }, (request) =>
    secondFactor.status(request.user!.id),
  );

  app.post(
    '/api/account/second-factor/totp',
    { config: { access: 'signed-in' }, schema: { body: z.unknown() } },
    (request) => secondFactor.beginTotp(request.user!),
  );

  app.post(
    '/api/account/second-factor/totp/confirm',
    { config: { access: 'signed-in' }, schema: { body: secondFactorCodeBodySchema } },
    async (request) => ({
      recoveryCodes: await secondFactor.confirmTotp(request.user!.id, request.body.code, request.ip),
    }),
  );

  app.post(
    '/api/account/second-factor/disable',
    { config: { access: 'signed-in' }, schema: { body: secondFactorCodeBodySchema } },
    async (request) => {
      await secondFactor.disable(request.user!.id, request.body.code, request.ip);
      return secondFactor.status(request.user!.id);
    },
  );
};
