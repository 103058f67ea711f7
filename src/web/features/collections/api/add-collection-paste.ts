import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDetail } from '../../../../common/schemas/collections';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const addCollectionPaste = (id: string, pasteId: string) =>
  api.post<CollectionDetail>(
    `/api/collections/${encodeURIComponent(id)}/pastes/${encodeURIComponent(pasteId)}`,
  );

/** Adds a paste at the end of a collection (one already in it stays where it is). */
export function useAddCollectionPaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pasteId }: { id: string; pasteId: string }) => addCollectionPaste(id, pasteId),
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.collection(detail.collection.id), detail),
  });
}
