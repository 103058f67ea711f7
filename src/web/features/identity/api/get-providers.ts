import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The enabled sign-in providers (public): what the login and register screens offer. */
export function providersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.authProviders,
    queryFn: ({ signal }) => api.get<ResponseOf<'GET /api/auth/providers'>>('/api/auth/providers', signal),
  });
}

export function useProviders() {
  return useQuery(providersQueryOptions());
}
