import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAccessTokenBody } from '../../../../common/schemas/access-tokens';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type Created = ResponseOf<'POST /api/account/tokens'>;

/** A new token, returned this once. */
export function createAccessToken(body: CreateAccessTokenBody): Promise<Created> {
  return api.post<Created>('/api/account/tokens', body);
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accessTokens }),
  });
}
