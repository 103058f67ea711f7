import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RevisionSummary } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { shouldRetryPaste } from '../../pastes/api/get-paste';
import { grantQuery } from '../lib/revision-links';

/** GET /api/pastes/:id/revisions (issue 23): every revision, oldest first; 1 for a paste never edited. */
export async function getRevisions(id: string, signal?: AbortSignal): Promise<RevisionSummary[]> {
  const answer = await api.get<{ revisions: RevisionSummary[] }>(
    `/api/pastes/${encodeURIComponent(id)}/revisions${grantQuery(id)}`,
    signal,
  );
  return answer.revisions;
}

export function revisionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.revisions(id),
    queryFn: ({ signal }) => getRevisions(id, signal),
    retry: shouldRetryPaste,
  });
}

export function useRevisions(id: string) {
  return useQuery(revisionsQueryOptions(id));
}
