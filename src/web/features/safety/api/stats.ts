import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The Safety tab's numbers, and the Held tab's count. */
export function useSafetyStats() {
  return useQuery({
    queryKey: queryKeys.safetyStats,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/admin/safety/stats'>>('/api/admin/safety/stats', signal),
  });
}
