import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type HeldItem = ResponseOf<'GET /api/admin/safety/held'>['pastes'][number];
export type HeldDecision = 'approve' | 'delete';

export function useHeldPastes() {
  return useQuery({
    queryKey: queryKeys.safetyHeld,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/admin/safety/held'>>('/api/admin/safety/held', signal),
    select: (r) => r.pastes,
  });
}

/** Approves or deletes held pastes; the queue, its count and the paste lists are stale after. */
export function useDecideHeld() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; decision: HeldDecision }) =>
      api.post<ResponseOf<'POST /api/admin/safety/held/decide'>>('/api/admin/safety/held/decide', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.safetyHeld }),
        queryClient.invalidateQueries({ queryKey: queryKeys.safetyStats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pastes }),
      ]),
  });
}
