import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema } from '../../../common/schemas/search.js';
import type { LimitRule } from '../../lib/rate-limiter.js';

/** Searches cost more than reads: a generous bound per address keeps a loop from costing the site. */
const SEARCH_PER_IP: LimitRule = { name: 'search-ip', points: 120, durationSec: 60 };

/** GET /api/search: everyone's, each finding exactly what they may (see search.service). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search, rateLimiter } = app.services;
  app.get(
    '/api/search',
    { config: { access: 'public', apiKey: true }, schema: { querystring: searchQuerySchema } },
    async (request, reply) => {
      await rateLimiter.consume([[SEARCH_PER_IP, request.ip]]);
      // Results name pastes only this reader may find: never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      return search.search(request.query, request.user?.id ?? null);
    },
  );
};
