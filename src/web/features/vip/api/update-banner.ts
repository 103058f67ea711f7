import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VipBannerBody } from '../../../../common/schemas/account';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { VipResult } from './activate-vip';

/** The server checks the image URL (https, trusted hosts) and never fetches it. */
export function updateBanner(body: VipBannerBody): Promise<VipResult> {
  return api.post<VipResult>('/api/vip/banner', body);
}

/** The answer carries the stored (normalized) banner; the user is set from it. */
export function useUpdateBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBanner,
    onSuccess: (result) => queryClient.setQueryData(queryKeys.user, result.user),
  });
}
