import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collectionParams,
  collectionPasteParams,
  collectionsQuerySchema,
  createCollectionBodySchema,
  updateCollectionBodySchema,
} from '../../../common/schemas/collections.js';
import type { AuditDetails } from '../audit/audit.service.js';
import { auditContextOf } from '../audit/audit-context.js';
import { viewerOf } from '../pastes/reading/viewer.js';

/** Collections: made, read, changed and deleted, each change in the audit log (as shares are). */
export const collectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { collections, audit } = app.services;
  const reading = { access: 'signed-in', apiKey: true, tokenScope: 'pastes:read' } as const;
  const writing = { ...reading, tokenScope: 'pastes:write' } as const;
  // Listing pastes reads them as a page would, but claims, counts and unlocks nothing.
  const viewer = (request: Parameters<typeof viewerOf>[0]) => ({
    ...viewerOf(request, { holdBurn: true }),
    countable: false,
  });
  const editor = (request: Parameters<typeof viewerOf>[0]) => ({ ...viewer(request), user: request.user! });
  const record = (
    request: Parameters<typeof auditContextOf>[0],
    action: Parameters<typeof audit.record>[1]['action'],
    id: string,
    details: AuditDetails,
  ) => audit.record(auditContextOf(request), { action, target: { type: 'collection', id }, details });

  app.get(
    '/api/collections',
    { config: reading, schema: { querystring: collectionsQuerySchema } },
    (request) => collections.list(request.user!, request.query.page),
  );

  app.post(
    '/api/collections',
    { config: writing, schema: { body: createCollectionBodySchema } },
    async (request, reply) => {
      const detail = await collections.create(request.body, editor(request));
      const { id, name, privacy, owner } = detail.collection;
      await record(request, 'collection.create', id, {
        name,
        privacy,
        ...(owner.type === 'team' ? { team: owner.slug } : {}),
      });
      return reply.code(201).send(detail);
    },
  );

  app.get(
    '/api/collections/:id',
    {
      config: { access: 'public', apiKey: true, tokenScope: 'pastes:read' },
      schema: { params: collectionParams },
    },
    async (request, reply) => {
      const { detail, staffAccess } = await collections.view(request.params.id, viewer(request));
      if (staffAccess) await record(request, 'collection.staff_read', request.params.id, {});
      // What it lists depends on who asks: never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      if (detail.collection.privacy !== 'public') reply.header('x-robots-tag', 'noindex');
      return detail;
    },
  );

  app.patch(
    '/api/collections/:id',
    { config: writing, schema: { params: collectionParams, body: updateCollectionBodySchema } },
    async (request) => {
      const detail = await collections.update(request.params.id, request.body, editor(request));
      await record(request, 'collection.update', request.params.id, {
        fields: Object.keys(request.body).sort(),
        ...(request.body.privacy ? { privacy: request.body.privacy } : {}),
        ...(request.body.shares
          ? { users: request.body.shares.users ?? [], teams: request.body.shares.teams ?? [] }
          : {}),
      });
      return detail;
    },
  );

  app.delete(
    '/api/collections/:id',
    { config: writing, schema: { params: collectionParams } },
    async (request) => {
      const gone = await collections.remove(request.params.id, request.user!);
      await record(request, 'collection.delete', gone.id, { name: gone.name });
      return { success: true as const };
    },
  );

  app.post(
    '/api/collections/:id/pastes/:pasteId',
    { config: writing, schema: { params: collectionPasteParams } },
    async (request) => {
      const { id, pasteId } = request.params;
      const { detail, changed } = await collections.addPaste(id, pasteId, editor(request));
      if (changed) await record(request, 'collection.paste_add', id, { paste: pasteId });
      return detail;
    },
  );

  app.delete(
    '/api/collections/:id/pastes/:pasteId',
    { config: writing, schema: { params: collectionPasteParams } },
    async (request) => {
      const { id, pasteId } = request.params;
      const detail = await collections.removePaste(id, pasteId, editor(request));
      await record(request, 'collection.paste_remove', id, { paste: pasteId });
      return detail;
    },
  );
};
