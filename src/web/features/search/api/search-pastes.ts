import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '../../../../common/schemas/search';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type { SearchAnswer, SearchResult } from '../../../../common/schemas/search';

/** The filters a search sends (empty ones are left out). */
export const SEARCH_FIELDS = ['q', 'author', 'team', 'tag', 'language', 'privacy', 'from', 'to'] as const;
export type SearchParams = Partial<Record<(typeof SEARCH_FIELDS)[number], string>>;

/** The query string of a search: its non-empty fields, in a fixed order (also its cache key). */
export function searchQueryString(params: SearchParams): string {
  const query = new URLSearchParams();
  for (const field of SEARCH_FIELDS) {
    const value = params[field]?.trim();
    if (value) query.set(field, value);
  }
  return query.toString();
}

export function searchPastes(query: string, next: string | undefined, signal?: AbortSignal) {
  return api.get<SearchAnswer>(
    `/api/search?${query}${next ? `&next=${encodeURIComponent(next)}` : ''}`,
    signal,
  );
}

export function searchQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.search(query),
    queryFn: ({ pageParam, signal }) => searchPastes(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
  });
}

/** A search's pages (more with fetchNextPage); nothing is asked while `query` is empty. */
export function useSearch(query: string) {
  return useInfiniteQuery({ ...searchQueryOptions(query), enabled: query !== '' });
}
