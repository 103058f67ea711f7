import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Revokes one of the person's tokens: it stops working at once. */
export function revokeAccessToken(id: number): Promise<ResponseOf<'DELETE /api/account/tokens/:id'>> {
  return api.delete(`/api/account/tokens/${id}`);
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accessTokens }),
  });
}
