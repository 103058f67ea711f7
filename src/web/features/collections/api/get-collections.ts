import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CollectionList } from '../../../../common/schemas/collections';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getCollections = (page: number, signal?: AbortSignal) =>
  api.get<CollectionList>(`/api/collections?page=${page}`, signal);

/** The signed-in person's collections and their teams', most recently changed first. */
export const useCollections = (page: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.collectionsPage(page),
    queryFn: ({ signal }) => getCollections(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
