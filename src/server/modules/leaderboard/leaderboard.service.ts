import type { TopPaste, TopPeriod, TopUser } from '../../../common/schemas/paste.js';
import type { Clock } from '../../clock.js';
import { iso } from '../../clock.js';
import type { PasteRanking } from '../pastes/ranking.service.js';

const DAY = 86_400_000;
/** Weekly and monthly boards rank the public pastes created in the last 7 / 30 days. */
const PERIOD_MS: Record<TopPeriod, number | null> = { 'all-time': null, weekly: 7 * DAY, monthly: 30 * DAY };

/** The leaderboard's answers: which pastes and authors rank comes from the pastes module. */
export function createLeaderboardService({ ranking, clock }: { ranking: PasteRanking; clock: Clock }) {
  return {
    async topPastes(period: TopPeriod, limit: number): Promise<{ pastes: TopPaste[] }> {
      const now = clock.now();
      const span = PERIOD_MS[period];
      const rows = await ranking.topPastes({ now, since: span === null ? null : now - span, limit });
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
    },

    async topUsers(limit: number): Promise<TopUser[]> {
      const rows = await ranking.topAuthors({ now: clock.now(), limit });
      return rows.map((r) => ({
        userId: r.id,
        username: r.username,
        role: r.role,
        totalViews: Number(r.total_views),
      }));
    },
  };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
