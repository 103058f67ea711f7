import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BanInput } from '../../../../common/schemas/bans';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type BanItem = ResponseOf<'GET /api/admin/bans'>['bans'][number];

export function useBans() {
  return useQuery({
    queryKey: queryKeys.adminBans,
    queryFn: ({ signal }) => api.get<ResponseOf<'GET /api/admin/bans'>>('/api/admin/bans', signal),
    select: (r) => r.bans,
  });
}

function useRefreshBans() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.adminBans });
}

export function useAddBan() {
  const refresh = useRefreshBans();
  return useMutation({
    mutationFn: (input: BanInput) => api.post<ResponseOf<'POST /api/admin/bans'>>('/api/admin/bans', input),
    onSuccess: refresh,
  });
}

export function useLiftBan() {
  const refresh = useRefreshBans();
  return useMutation({
    mutationFn: (id: number) => api.delete<ResponseOf<'DELETE /api/admin/bans/:id'>>(`/api/admin/bans/${id}`),
    onSettled: refresh,
  });
}
