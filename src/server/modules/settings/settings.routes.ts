import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings/public', { config: { access: 'public', allowBeforeSetup: true } }, async () =>
    app.services.settings.getPublic(),
  );

  /** The admin's view of every setting (secrets included: it is the admin who set them). */
  app.get('/api/settings', { config: { access: 'admin' } }, async () => app.services.settings.get());
};
