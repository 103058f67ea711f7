import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purgeBodySchema } from '../../../common/schemas/bans.js';
import { idParams } from '../../../common/schemas/paging.js';
import { deletionRequestBodySchema, reportBodySchema } from '../../../common/schemas/paste.js';
import { auditContextOf } from '../audit/audit-context.js';
import { viewerOf } from '../pastes/reading/viewer.js';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation, authorPurge, audit } = app.services;

  app.post(
    '/api/pastes/:id/report',
    { config: { access: 'public' }, schema: { params: idParams, body: reportBodySchema } },
    async (request, reply) =>
      reply.code(201).send(await moderation.report(request.params.id, request.body, viewerOf(request))),
  );

  app.post(
    '/api/pastes/:id/request-delete',
    // Session or API key (the command-line client's `rm`).
    {
      config: { access: 'signed-in', apiKey: true, tokenScope: 'pastes:write' },
      schema: { params: idParams, body: deletionRequestBodySchema },
    },
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
  // The key a reporter shared: only in this answer, never in a log; each read audited.
  app.get(
    '/api/admin/paste-reports/:id/key',
    { config: staff, schema: { params: idParams } },
    async (request) => {
      const { key, pasteId } = await moderation.sharedKey(request.params.id, viewerOf(request));
      await audit.record(auditContextOf(request), {
        action: 'report.key_read',
        target: { type: 'report', id: Number(request.params.id) },
        details: { pasteId },
      });
      return { key };
    },
  );
  // "Delete everything by this account or address": first what it would delete, then the deletion.
  app.get(
    '/api/admin/paste-reports/:id/author',
    { config: staff, schema: { params: idParams } },
    async (request) => {
      const { account, address } = await authorPurge.footprint(request.params.id);
      return { account, address };
    },
  );
  app.post(
    '/api/admin/paste-reports/:id/delete-everything',
    { config: staff, schema: { params: idParams, body: purgeBodySchema } },
    async (request) => {
      const done = await authorPurge.deleteEverything(request.params.id, request.body);
      await audit.record(auditContextOf(request), {
        action: 'paste.delete_by_author',
        target: { type: 'report', id: Number(request.params.id) },
        details: { pasteId: done.pasteId, by: request.body.by, author: done.author, deleted: done.deleted },
      });
      return { deleted: done.deleted };
    },
  );
  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/api/admin/delete-requests/:id/${action}`,
      { config: staff, schema: { params: idParams } },
      async (request) => {
        const decided = await moderation.decideDeletionRequest(request.params.id, decision);
        await audit.record(auditContextOf(request), {
          action: `deletion_request.${action}`,
          target: { type: 'deletion_request', id: decided.id },
          details: { pasteId: decided.pasteId },
        });
        return { request: decided };
      },
    );
    app.post(
      `/api/admin/paste-reports/:id/${action}`,
      { config: staff, schema: { params: idParams } },
      async (request) => {
        const decided = await moderation.decideReport(request.params.id, decision);
        await audit.record(auditContextOf(request), {
          action: `report.${action}`,
          target: { type: 'report', id: decided.id },
          details: { pasteId: decided.pasteId },
        });
        return { report: decided };
      },
    );
  }
};
