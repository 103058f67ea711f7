import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type AccessTokens = ResponseOf<'GET /api/account/tokens'>;

/** The person's access tokens (never a token itself), and whether the site has them turned on. */
export function getAccessTokens(signal?: AbortSignal): Promise<AccessTokens> {
  return api.get<AccessTokens>('/api/account/tokens', signal);
}

export function accessTokensQueryOptions() {
  return queryOptions({ queryKey: queryKeys.accessTokens, queryFn: ({ signal }) => getAccessTokens(signal) });
}

export function useAccessTokens() {
  return useQuery(accessTokensQueryOptions());
}
