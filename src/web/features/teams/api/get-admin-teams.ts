import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every team (staff). */
export const useAdminTeams = () =>
  useQuery({
    queryKey: queryKeys.adminTeams,
    queryFn: ({ signal }) => api.get<ResponseOf<'GET /api/admin/teams'>>('/api/admin/teams', signal),
  });
