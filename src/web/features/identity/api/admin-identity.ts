import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateIdentityBody } from '../../../../common/schemas/identity';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The sign-in settings as the admin sees them (providers without their secrets). */
export function useAdminIdentity() {
  return useQuery({
    queryKey: queryKeys.adminIdentity,
    queryFn: ({ signal }) => api.get<ResponseOf<'GET /api/admin/identity'>>('/api/admin/identity', signal),
  });
}

export function useUpdateIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateIdentityBody) =>
      api.put<ResponseOf<'PUT /api/admin/identity'>>('/api/admin/identity', change),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.adminIdentity, view);
      void queryClient.invalidateQueries({ queryKey: queryKeys.authProviders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicSettings });
    },
  });
}
