import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PasteListItem, ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One of the user's pastes as listed (no content). */
export type MyPaste = PasteListItem;
export type MyPastesPage = ResponseOf<'GET /api/my-pastes'>;

export function getMyPastes(
  page: number,
  search: string,
  tag: string,
  signal?: AbortSignal,
): Promise<MyPastesPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  if (tag) query.set('tag', tag);
  return api.get<MyPastesPage>(`/api/my-pastes?${query}`, signal);
}

export function myPastesQueryOptions(page: number, search: string, tag = '') {
  return queryOptions({
    queryKey: queryKeys.myPastesPage(page, search, tag),
    queryFn: ({ signal }) => getMyPastes(page, search, tag, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so paging does not flash. */
export function useMyPastes(page: number, search: string, tag = '') {
  return useQuery({ ...myPastesQueryOptions(page, search, tag), placeholderData: keepPreviousData });
}
