import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import type { SecondFactorCodeBody } from '../../../../common/schemas/second-factor';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Whether this account has TOTP on, and how many recovery codes are left. */
export function useSecondFactor() {
  return useQuery({
    queryKey: queryKeys.secondFactor,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/account/second-factor'>>('/api/account/second-factor', signal),
  });
}

/** A new secret for an authenticator app, shown this once. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () =>
      api.post<ResponseOf<'POST /api/account/second-factor/totp'>>('/api/account/second-factor/totp'),
  });
}

/** The app's first code turns TOTP on; the answer holds the recovery codes, shown this once. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecondFactorCodeBody) =>
      api.post<ResponseOf<'POST /api/account/second-factor/totp/confirm'>>(
        '/api/account/second-factor/totp/confirm',
        body,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.secondFactor }),
  });
}

/** Turns the second factor off with one of its codes. */
export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecondFactorCodeBody) =>
      api.post<ResponseOf<'POST /api/account/second-factor/disable'>>(
        '/api/account/second-factor/disable',
        body,
      ),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.secondFactor, status),
  });
}
