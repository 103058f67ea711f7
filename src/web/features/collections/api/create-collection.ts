import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDetail, CreateCollectionBody } from '../../../../common/schemas/collections';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createCollection = (body: CreateCollectionBody) =>
  api.post<CollectionDetail>('/api/collections', body);

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}
