import { useQuery } from '@tanstack/react-query';
import type { CollectionDetail } from '../../../../common/schemas/collections';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getCollection = (id: string, signal?: AbortSignal) =>
  api.get<CollectionDetail>(`/api/collections/${encodeURIComponent(id)}`, signal);

/** One collection, with the pastes in it this reader may read. */
export const collectionQuery = (id: string) => ({
  queryKey: queryKeys.collection(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getCollection(id, signal),
  retry: false,
});

export const useCollection = (id: string) => useQuery(collectionQuery(id));
