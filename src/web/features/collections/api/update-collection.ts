import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDetail, UpdateCollectionBody } from '../../../../common/schemas/collections';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const updateCollection = (id: string, body: UpdateCollectionBody) =>
  api.patch<CollectionDetail>(`/api/collections/${encodeURIComponent(id)}`, body);

/** Name, description, privacy or order; the answer is the collection as it now is. */
export function useUpdateCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCollectionBody) => updateCollection(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.collection(id), detail);
      return queryClient.invalidateQueries({ queryKey: queryKeys.collections });
    },
  });
}
