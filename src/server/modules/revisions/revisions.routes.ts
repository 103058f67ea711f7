import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_CREATE_MAX_BYTES } from '../../../common/constants.js';
import { idParams } from '../../../common/schemas/paging.js';
import { editPasteBodySchema, PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import { accessQuery, credentialsOf, deliver } from '../pastes/reading/content-reply.js';
import { viewerOf } from '../pastes/reading/viewer.js';

const revisionParams = idParams.extend({ n: z.coerce.number().int().min(1).max(1_000_000) });

/**
 * Edits and revisions: the author's PUT, and every revision's view, raw and download
 * under the paste's own read rules (paste-revisions.service).
 */
export const revisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pasteRevisions, pasteDelivery } = app.services;
  // Public reads that a script makes with its key (or a pastes:read token), as on a members-only site.
  const reading = { access: 'public', apiKey: true, tokenScope: 'pastes:read' } as const;

  app.put(
    '/api/pastes/:id',
    {
      config: {
        access: 'signed-in',
        apiKey: true,
        tokenScope: 'pastes:write',
        jsonTooLargeMessage: PASTE_MESSAGES.editTooLarge,
      },
      // Room for 10 MB of text however JSON escapes it; the service measures the text itself.
      bodyLimit: JSON_CREATE_MAX_BYTES,
      schema: { params: idParams, body: editPasteBodySchema },
    },
    async (request) => {
      await pasteRevisions.admitEdit(request.user!);
      return pasteRevisions.edit(request.params.id, request.body, request.user!);
    },
  );

  app.get(
    '/api/pastes/:id/revisions',
    { config: reading, schema: { params: idParams, querystring: accessQuery } },
    async (request) => ({
      revisions: await pasteRevisions.list(request.params.id, viewerOf(request), credentialsOf(request)),
    }),
  );

  app.get(
    '/api/pastes/:id/revisions/:n',
    { config: reading, schema: { params: revisionParams, querystring: accessQuery } },
    async (request) =>
      pasteRevisions.read(request.params.id, request.params.n, viewerOf(request), credentialsOf(request)),
  );

  const revisionContent = [
    { url: '/api/pastes/:id/revisions/:n/download', disposition: 'attachment' },
    { url: '/api/pastes/:id/revisions/:n/raw', disposition: 'inline' },
  ] as const;
  for (const { url, disposition } of revisionContent) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      config: reading,
      schema: { params: revisionParams, querystring: accessQuery },
      handler: async (request, reply) => {
        const { id, n } = request.params;
        const d = await pasteDelivery.openRevision(id, n, viewerOf(request), credentialsOf(request));
        return deliver(request, reply, d, disposition);
      },
    });
  }
};
