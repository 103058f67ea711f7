import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../common/schemas/paging.js';

/** A signed-in reporter's notices of decided reports: listed on each visit, dismissed one by one. */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reportNotices } = app.services;
  const signedIn = { access: 'signed-in' } as const;

  app.get('/api/account/notices', { config: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { notices: await reportNotices.list(request.user!.id) };
  });

  app.delete(
    '/api/account/notices/:id',
    { config: signedIn, schema: { params: idParams } },
    async (request) => {
      await reportNotices.dismiss(request.user!.id, request.params.id);
      return { success: true as const };
    },
  );
};
