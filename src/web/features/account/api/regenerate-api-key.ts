import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A new key, returned once; the previous key stops working at once. An account with a second
 * factor may be asked for a code (then sent as `secondFactorCode`).
 */
export function regenerateApiKey(secondFactorCode?: string): Promise<{ apiKey: string }> {
  return api.post<ResponseOf<'POST /api/user/regenerate-api-key'>>(
    '/api/user/regenerate-api-key',
    secondFactorCode ? { secondFactorCode } : undefined,
  );
}

/** Afterwards the key status, the settings and the user (hasApiKey) are refreshed. */
export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (secondFactorCode?: string) => regenerateApiKey(secondFactorCode),
    onSuccess: () =>
      Promise.all(
        [queryKeys.apiKeyStatus, queryKeys.userSettings, queryKeys.user].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
