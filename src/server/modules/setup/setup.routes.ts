import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupBodySchema, testEmailBodySchema } from '../../../common/schemas/setup.js';

/**
 * First-run setup. These routes answer before setup; afterwards the connection checks serve the
 * admin's settings tab and a second setup is refused.
 */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { setup, settings } = app.services;
  const beforeSetup = { access: 'public', allowBeforeSetup: true, openToVisitors: true } as const;
  const checks = { access: 'setup', allowBeforeSetup: true } as const;

  app.get('/api/setup/status', { config: beforeSetup }, async () => ({
    setupCompleted: await settings.isSetupCompleted(),
  }));

  app.get('/api/setup/test-database', { config: checks }, async () => setup.testDatabase());

  app.post(
    '/api/setup/test-email',
    { config: checks, schema: { body: testEmailBodySchema } },
    async (request) => setup.testEmail(request.body, request.ip),
  );

  app.post('/api/setup', { config: beforeSetup, schema: { body: setupBodySchema } }, async (request) => {
    await setup.complete(request.body, request.ip);
    return { ok: true };
  });
};
