import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyStatus } from '../../../../common/schemas/account';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Whether the user has a key, with a non-secret hint; never the key itself. */
export function getApiKeyStatus(signal?: AbortSignal): Promise<ApiKeyStatus> {
  return api.get<ApiKeyStatus>('/api/user/api-key', signal);
}

export function apiKeyStatusQueryOptions() {
  return queryOptions({ queryKey: queryKeys.apiKeyStatus, queryFn: ({ signal }) => getApiKeyStatus(signal) });
}

export function useApiKeyStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...apiKeyStatusQueryOptions(), enabled });
}
