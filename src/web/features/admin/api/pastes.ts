import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPastesQuery } from '../../../../common/schemas/admin';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AdminPasteItem = ResponseOf<'GET /api/pastes'>['pastes'][number];

/** Every paste (the first 1,000 of those matching the search and privacy, in `sort` order). */
export function useAllPastes({ search, sort, privacy }: AdminPastesQuery) {
  const query = new URLSearchParams({ search, sort, ...(privacy ? { privacy } : {}) });
  return useQuery({
    queryKey: queryKeys.adminPastes(search, sort, privacy ?? ''),
    queryFn: ({ signal }) => api.get<ResponseOf<'GET /api/pastes'>>(`/api/pastes?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeletePaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<ResponseOf<'DELETE /api/pastes/:id'>>(`/api/pastes/${encodeURIComponent(id)}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.pastes }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.topViewsPeriods }),
      ]),
  });
}
