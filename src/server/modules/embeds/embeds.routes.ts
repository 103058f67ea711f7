import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMBED_MESSAGES, embedQuerySchema, oembedQuerySchema } from '../../../common/schemas/embeds.js';
import { AppError, notFound } from '../../errors.js';

/**
 * The embed page is the one page other sites may frame: its CSP says so (`frame-ancestors *`),
 * runs only our own script and styles, and loads nothing else. Every other page keeps
 * `frame-ancestors 'none'` (plugins/security-headers.ts).
 */
const EMBED_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors *";

const idParams = z.object({ id: z.string().max(40) });

/**
 * GET /embed/:id (the page for an iframe) and /embed/:id.js (the script that inserts one), their
 * hashed files under /embed-assets/, and GET /api/oembed. Visitors on a members-only site reach
 * them (openToVisitors) and get the "cannot be embedded" answer: the rule is the service's.
 */
export const embedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { embeds } = app.services;
  const { assets } = embeds;
  const config = { access: 'public', openToVisitors: true } as const;

  app.get(
    '/embed/:id',
    { config, schema: { params: idParams, querystring: embedQuerySchema } },
    async (request, reply) => {
      const { id } = request.params;
      // Read by other sites' pages: no cookie or credential of ours is needed or used.
      reply.header('cross-origin-resource-policy', 'cross-origin').removeHeader('x-frame-options');
      if (id.endsWith('.js')) {
        // The same script for every paste: it reads the paste's id from its own address.
        return reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(assets.loader);
      }
      const html = await embeds.page(id, request.query);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', EMBED_PAGE_CSP)
        .header('cache-control', 'no-store')
        .send(html);
    },
  );

  app.get(
    '/embed-assets/:file',
    { config, schema: { params: z.object({ file: z.string().max(60) }) } },
    async (request, reply) => {
      const file = assets.byName.get(request.params.file);
      if (!file) throw notFound();
      return reply
        .type(file.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(file.body);
    },
  );

  app.get('/api/oembed', { config, schema: { querystring: oembedQuerySchema } }, async (request) => {
    const { url, format, maxwidth, maxheight } = request.query;
    if (format !== 'json') throw new AppError('NOT_IMPLEMENTED', EMBED_MESSAGES.onlyJson);
    return embeds.oembed(url, `${request.protocol}://${request.host}`, { maxwidth, maxheight });
  });
};
