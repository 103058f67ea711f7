import { useQuery } from '@tanstack/react-query';
import { ASSEMBLY_POLL_MS } from '../../../../common/constants';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { ApiError, api } from '../../../lib/api-client';

export type AssemblyProgress = ResponseOf<'GET /api/pastes/:id/assembly-progress'>;

/**
 * Spec §4: while a paste is assembled, its progress every 200 ms. Stops when complete or when
 * the server says the assembly failed (422) or the paste is gone (404).
 */
export function useAssemblyProgress(id: string) {
  return useQuery({
    queryKey: ['/api/pastes/assembly-progress', id],
    queryFn: ({ signal }) =>
      api.get<AssemblyProgress>(`/api/pastes/${encodeURIComponent(id)}/assembly-progress`, signal),
    refetchInterval: (query) =>
      query.state.data?.isComplete || query.state.error instanceof ApiError ? false : ASSEMBLY_POLL_MS,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  });
}
