import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings/public', { config: { access: 'public', allowBeforeSetup: true } }, async () =>
    app.services.settings.getPublic(),
  );
};
