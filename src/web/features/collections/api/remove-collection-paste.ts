import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDetail } from '../../../../common/schemas/collections';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const removeCollectionPaste = (id: string, pasteId: string) =>
  api.delete<CollectionDetail>(
    `/api/collections/${encodeURIComponent(id)}/pastes/${encodeURIComponent(pasteId)}`,
  );

export function useRemoveCollectionPaste(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pasteId: string) => removeCollectionPaste(id, pasteId),
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.collection(id), detail),
  });
}
