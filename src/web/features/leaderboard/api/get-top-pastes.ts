import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOP_VIEWS_REFRESH_MS } from '../../../../common/constants';
import type { TopPaste, TopPeriod } from '../../../../common/schemas/paste';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getTopPastes(period: TopPeriod, signal?: AbortSignal): Promise<{ pastes: TopPaste[] }> {
  return api.get<ResponseOf<'GET /api/top-views-v2'>>(`/api/top-views-v2?period=${period}`, signal);
}

export function topPastesQueryOptions(period: TopPeriod) {
  return queryOptions({
    queryKey: queryKeys.topViewsByPeriod(period),
    queryFn: ({ signal }) => getTopPastes(period, signal),
    // Spec §2: the leaderboard refreshes every 30 seconds.
    refetchInterval: TOP_VIEWS_REFRESH_MS,
  });
}

export function useTopPastes(period: TopPeriod) {
  return useQuery(topPastesQueryOptions(period));
}
