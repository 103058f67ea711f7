import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupStatus } from '../../../../common/schemas/setup';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getSetupStatus(signal?: AbortSignal): Promise<SetupStatus> {
  return api.get<SetupStatus>('/api/setup/status', signal);
}

export function setupStatusQueryOptions() {
  return queryOptions({ queryKey: queryKeys.setupStatus, queryFn: ({ signal }) => getSetupStatus(signal) });
}

export function useSetupStatus() {
  return useQuery(setupStatusQueryOptions());
}
