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

  const staff = { access: 'staff' } as const;
  app.get('/api/admin/delete-requests', { config: staff }, async () => ({
    requests: await moderation.deletionRequests(),
  }));
  app.get('/api/admin/paste-reports', { config: staff }, async () => ({
    reports: await moderation.reports(),
  }));
  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/api/admin/delete-requests/:id/${action}`,
      { config: staff, schema: { params: idParams } },
      async (request) => ({ request: await moderation.decideDeletionRequest(request.params.id, decision) }),
    );
    app.post(
      `/api/admin/paste-reports/:id/${action}`,
      { config: staff, schema: { params: idParams } },
      async (request) => ({ report: await moderation.decideReport(request.params.id, decision) }),
    );
  }
};
