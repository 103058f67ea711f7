import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../../common/schemas/paging.js';
import {
  pasteLinesQuerySchema,
  pasteLineTableQuerySchema,
  pasteSearchQuerySchema,
} from '../../../../common/schemas/paste-lines.js';
import type { ReadCredentials } from './paste-reader.js';
import { viewerOf } from './viewer.js';

/** What a protected paste's reader carries, as for raw and download: the grant, or the password. */
function credentialsOf(request: FastifyRequest, access: string | undefined): ReadCredentials {
  const password = request.headers['x-paste-password'];
  return { grant: access, password: typeof password === 'string' ? password : undefined };
}

/** Windows of lines and search; never cached, like every API answer (security-headers). */
export const pasteLinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pasteLines } = app.services;
  const pub = { access: 'public' } as const;

  app.get(
    '/api/pastes/:id/lines',
    { config: pub, schema: { params: idParams, querystring: pasteLinesQuerySchema } },
    async (request) => {
      const { from, count, access } = request.query;
      return pasteLines.window(request.params.id, viewerOf(request), credentialsOf(request, access), {
        from,
        count,
      });
    },
  );

  app.get(
    '/api/pastes/:id/line-table',
    { config: pub, schema: { params: idParams, querystring: pasteLineTableQuerySchema } },
    async (request, reply) => {
      const sealed = await pasteLines.lineTable(
        request.params.id,
        viewerOf(request),
        credentialsOf(request, request.query.access),
      );
      return reply.type('application/octet-stream').send(sealed);
    },
  );

  app.get(
    '/api/pastes/:id/search',
    { config: pub, schema: { params: idParams, querystring: pasteSearchQuerySchema } },
    async (request) => {
      const { q, from, limit, access } = request.query;
      return pasteLines.search(request.params.id, viewerOf(request), credentialsOf(request, access), {
        q,
        from,
        limit,
      });
    },
  );
};
