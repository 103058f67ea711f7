import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The admin panel's own calls; the items it manages are served by their modules' routes. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app.services;
  app.get('/api/admin/stats', { config: { access: 'staff' } }, async (request) =>
    admin.stats(request.user!.role),
  );
};
