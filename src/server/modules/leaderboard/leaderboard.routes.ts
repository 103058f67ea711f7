import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOP_USERS_LIMIT, TOP_VIEWS_LIMIT } from '../../../common/constants.js';
import { TOP_PERIODS, type TopPeriod, type TopUser } from '../../../common/schemas/paste.js';

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leaderboard } = app.services;
  const board = (period: TopPeriod) => leaderboard.topPastes(period, TOP_VIEWS_LIMIT);

  app.get('/api/top-views', { config: { access: 'public' } }, () => board('all-time'));

  app.get(
    '/api/top-views-v2',
    {
      config: { access: 'public' },
      schema: { querystring: z.object({ period: z.enum(TOP_PERIODS).default('all-time') }) },
    },
    (request) => board(request.query.period),
  );

  app.get(
    '/api/top-users',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(TOP_USERS_LIMIT).default(TOP_USERS_LIMIT),
        }),
      },
    },
    (request): Promise<TopUser[]> => leaderboard.topUsers(request.query.limit),
  );
};
