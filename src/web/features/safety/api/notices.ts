import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the signed-in account is told on its visit: how the reports it filed were decided. */
export function useAccountNotices(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.accountNotices,
    queryFn: ({ signal }) => api.get<ResponseOf<'GET /api/account/notices'>>('/api/account/notices', signal),
    select: (r) => r.notices,
    enabled,
  });
}

export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<ResponseOf<'DELETE /api/account/notices/:id'>>(`/api/account/notices/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountNotices }),
  });
}
