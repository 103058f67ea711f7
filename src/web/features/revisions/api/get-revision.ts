import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RevisionView } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { shouldRetryPaste } from '../../pastes/api/get-paste';
import { grantQuery } from '../lib/revision-links';

/** GET /api/pastes/:id/revisions/:n (issue 23): one revision with its text. */
export function getRevision(id: string, n: number, signal?: AbortSignal): Promise<RevisionView> {
  return api.get<RevisionView>(
    `/api/pastes/${encodeURIComponent(id)}/revisions/${n}${grantQuery(id)}`,
    signal,
  );
}

export function revisionQueryOptions(id: string, n: number) {
  return queryOptions({
    queryKey: queryKeys.revision(id, n),
    queryFn: ({ signal }) => getRevision(id, n, signal),
    retry: shouldRetryPaste,
    // A revision never changes: read once per visit.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRevision(id: string, n: number, enabled = true) {
  return useQuery({ ...revisionQueryOptions(id, n), enabled });
}
