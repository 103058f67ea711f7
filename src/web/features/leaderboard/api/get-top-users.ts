import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOP_USERS_LIMIT, TOP_VIEWS_REFRESH_MS } from '../../../../common/constants';
import type { TopUser } from '../../../../common/schemas/paste';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getTopUsers(signal?: AbortSignal): Promise<TopUser[]> {
  return api.get<TopUser[]>(`/api/top-users?limit=${TOP_USERS_LIMIT}`, signal);
}

export function topUsersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.topUsers(TOP_USERS_LIMIT),
    queryFn: ({ signal }) => getTopUsers(signal),
    refetchInterval: TOP_VIEWS_REFRESH_MS,
  });
}

export function useTopUsers() {
  return useQuery(topUsersQueryOptions());
}
