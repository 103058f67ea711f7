import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type VipResult = ResponseOf<'POST /api/vip/activate'>;

export function activateVip(licenseKey: string): Promise<VipResult> {
  return api.post<VipResult>('/api/vip/activate', { licenseKey });
}

/** A 'user' becomes 'vip': the user is set from the answer and the account settings refreshed. */
export function useActivateVip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateVip,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.user, result.user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.userSettings });
    },
  });
}
