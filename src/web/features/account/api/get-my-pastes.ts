import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PasteListItem, ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One of the user's pastes as listed (no content). */
export type MyPaste = PasteListItem;
export type MyPastesPage = ResponseOf<'GET /api/my-pastes'>;

export function getMyPastes(page: number, search: string, signal?: AbortSignal): Promise<MyPastesPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return api.get<MyPastesPage>(`/api/my-pastes?${query}`, signal);
}

export function myPastesQueryOptions(page: number, search: string) {
  return queryOptions({
    queryKey: queryKeys.myPastesPage(page, search),
    queryFn: ({ signal }) => getMyPastes(page, search, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so paging does not flash. */
export function useMyPastes(page: number, search: string) {
  return useQuery({ ...myPastesQueryOptions(page, search), placeholderData: keepPreviousData });
}
