import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import type { SetupBody } from '../../../../common/schemas/setup';
import { api } from '../../../lib/api-client';

export function completeSetup(body: SetupBody): Promise<{ ok: true }> {
  return api.post<ResponseOf<'POST /api/setup'>>('/api/setup', body);
}

/** On success every cached answer was given by a site that was not set up yet: invalidate them all. */
export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSetup,
    onSuccess: () => {
      // Not awaited: the wizard shows its success message at once while caches refill.
      void queryClient.invalidateQueries();
    },
  });
}
