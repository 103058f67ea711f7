import { useQuery } from '@tanstack/react-query';
import type { ShareHistory } from '../../../../common/schemas/teams';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getShareHistory = (id: string, signal?: AbortSignal) =>
  api.get<ShareHistory>(`/api/pastes/${encodeURIComponent(id)}/share-history`, signal);

/** Who changed whom a paste names, and when, newest first (its author and staff see it). */
export const useShareHistory = (id: string) =>
  useQuery({
    queryKey: queryKeys.pasteShareHistory(id),
    queryFn: ({ signal }) => getShareHistory(id, signal),
  });
