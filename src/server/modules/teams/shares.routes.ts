import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../common/schemas/paging.js';
import { putPasteSharesBodySchema, sharedWithMeQuerySchema } from '../../../common/schemas/teams.js';
import { auditContextOf } from '../audit/audit-context.js';
import { viewerOf } from '../pastes/reading/viewer.js';

/** Whom a shared paste names (its author sets it; staff see it), and what is shared with me. */
export const sharesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shares, audit } = app.services;
  const reading = { access: 'signed-in', apiKey: true, tokenScope: 'pastes:read' } as const;
  const writing = { ...reading, tokenScope: 'pastes:write' } as const;
  const reader = (request: Parameters<typeof viewerOf>[0]) => ({
    ...viewerOf(request, { holdBurn: true }),
    user: request.user!,
  });

  app.get('/api/pastes/:id/shares', { config: reading, schema: { params: idParams } }, (request) =>
    shares.list(request.params.id, reader(request)),
  );

  app.put(
    '/api/pastes/:id/shares',
    { config: writing, schema: { params: idParams, body: putPasteSharesBodySchema } },
    async (request) => {
      const { shares: answer, change } = await shares.replace(
        request.params.id,
        request.body,
        reader(request),
      );
      const changed = Object.values(change).some((names) => names.length > 0);
      // Who added whom, and when (the entry's time), kept on the paste's record.
      if (changed) {
        await audit.record(auditContextOf(request), {
          action: 'paste.share_change',
          target: { type: 'paste', id: request.params.id },
          details: Object.fromEntries(Object.entries(change).filter(([, names]) => names.length > 0)),
        });
      }
      return answer;
    },
  );

  // The history lives in the audit log (written above); only its author and staff read it.
  app.get(
    '/api/pastes/:id/share-history',
    { config: reading, schema: { params: idParams } },
    async (request) => {
      await shares.checkHistoryReader(request.params.id, reader(request));
      return audit.shareHistory(request.params.id);
    },
  );

  app.get(
    '/api/shared-with-me',
    { config: reading, schema: { querystring: sharedWithMeQuerySchema } },
    (request) => shares.sharedWith(request.user!, request.query.page),
  );
};
