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

  // Enrolling is what an account whose role requires a factor may still do.
  const enrolling = { access: 'signed-in', duringEnrolment: true } as const;

  app.get('/api/account/second-factor', { config: enrolling }, (request) =>
    secondFactor.status(request.user!.id),
  );

  app.post(
    '/api/account/second-factor/totp',
    { config: enrolling, schema: { body: z.unknown() } },
    (request) => secondFactor.beginTotp(request.user!),
  );

  app.post(
    '/api/account/second-factor/totp/confirm',
    { config: enrolling, schema: { body: secondFactorCodeBodySchema } },
    async (request) => {
      const recoveryCodes = await secondFactor.confirmTotp(request.user!.id, request.body.code, request.ip);
      // The code just given is a fresh check: the next sensitive action needs no second one.
      if (request.sessionIdHash) await app.services.sessions.markSecondFactor(request.sessionIdHash);
      return { recoveryCodes };
    },
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
