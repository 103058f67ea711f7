import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GENERIC_MESSAGES } from '../../../common/messages.js';
import { AppError, notFound } from '../../errors.js';

/** A paste id as paste ids are written. */
const PASTE_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * GET /og/:id.png — a paste's link preview card (its page's og:image), for the pastes other sites
 * may show; every other paste answers as a missing one. Fetched by chat and social services: no
 * cookie is needed, and an unchanged card answers 304 to its ETag. `no-cache` makes every cache
 * ask again, so a paste deleted, expired or made private stops showing at once.
 */
export const previewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { previews } = app.services;
  app.get(
    '/og/:id.png',
    {
      config: { access: 'public', openToVisitors: true },
      schema: { params: z.object({ id: z.string().max(40) }) },
    },
    async (request, reply) => {
      const { id } = request.params;
      const card = PASTE_ID.test(id) ? await previews.card(id) : null;
      if (!card) throw notFound();
      reply
        .header('etag', card.etag)
        .header('cache-control', 'public, no-cache')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === card.etag) return reply.code(304).send();
      const png = await card.png();
      if (!png) throw new AppError('UNAVAILABLE', GENERIC_MESSAGES.unavailable, { 'retry-after': '5' });
      return reply.type('image/png').send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );
};
