import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOP_USERS_LIMIT, TOP_VIEWS_LIMIT } from '../../../common/constants.js';
import { TOP_PERIODS, type TopPaste, type TopPeriod, type TopUser } from '../../../common/schemas/paste.js';
import { iso } from '../../clock.js';
import { topPastes, topUsers } from './leaderboard.repository.js';

const DAY = 86_400_000;
/** Weekly and monthly boards rank the public pastes created in the last 7 / 30 days. */
const PERIOD_MS: Record<TopPeriod, number | null> = { 'all-time': null, weekly: 7 * DAY, monthly: 30 * DAY };

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;

  async function board(period: TopPeriod): Promise<{ pastes: TopPaste[] }> {
    const now = clock.now();
    const span = PERIOD_MS[period];
    const rows = await topPastes(db.kysely, {
      now,
      since: span === null ? null : now - span,
      limit: TOP_VIEWS_LIMIT,
    });
    return {
      pastes: rows.map((r) => ({
        id: r.id,
        title: r.title,
        viewCount: Number(r.view_count),
        createdAt: iso(r.created_at)!,
        username: r.username ?? 'Anonymous',
        role: r.role ?? null,
      })),
    };
  }

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
    async (request): Promise<TopUser[]> => {
      const rows = await topUsers(db.kysely, { now: clock.now(), limit: request.query.limit });
      return rows.map((r) => ({
        userId: r.id,
        username: r.username,
        role: r.role,
        totalViews: Number(r.total_views),
      }));
    },
  );
};
