import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteCollection = (id: string) =>
  api.delete<{ success: true }>(`/api/collections/${encodeURIComponent(id)}`);

export function useDeleteCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCollection(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.collections }),
  });
}
