import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../common/schemas/paging.js';
import { reportBodySchema } from '../../../common/schemas/paste.js';
import { viewerOf } from '../pastes/viewer.js';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation } = app.services;

  app.post(
    '/api/pastes/:id/report',
    { config: { access: 'public' }, schema: { params: idParams, body: reportBodySchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await moderation.report(request.params.id, request.body.reason, viewerOf(request))),
  );

  app.post(
    '/api/pastes/:id/request-delete',
    { config: { access: 'signed-in' }, schema: { params: idParams, body: reportBodySchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await moderation.requestDeletion(request.params.id, request.body.reason, viewerOf(request))),
  );
};
