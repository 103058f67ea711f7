import { useInfiniteQuery } from '@tanstack/react-query';
import type { PasteSearchResult } from '../../../../common/schemas/paste-lines';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One page of a search through a paste on the server (GET /api/pastes/:id/search). */
export type PasteSearchPage = PasteSearchResult;

/** The server's default (SEARCH_LIMIT_DEFAULT), written here so this chunk does not load zod for a number. */
export const SEARCH_PAGE_LIMIT = 100;

export function searchPaste(
  id: string,
  opts: { q: string; from: number; access?: string; signal?: AbortSignal },
): Promise<PasteSearchPage> {
  const params = new URLSearchParams({
    q: opts.q,
    from: String(opts.from),
    limit: String(SEARCH_PAGE_LIMIT),
  });
  if (opts.access) params.set('access', opts.access);
  return api.get<PasteSearchPage>(`/api/pastes/${encodeURIComponent(id)}/search?${params}`, opts.signal);
}

/** Pages of matches, each continuing where the last stopped ("more"). Nothing is asked for an empty query. */
export function usePasteSearch(id: string, q: string, access?: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.pasteSearch(id, q),
    queryFn: ({ pageParam, signal }) => searchPaste(id, { q, from: pageParam, access, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextFrom ?? undefined,
    enabled: q !== '',
    retry: false,
  });
}
