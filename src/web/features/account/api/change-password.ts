import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, PasswordChangeResult } from '../../../../common/schemas/account';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** This session stays; every other session of the user ends; the API key goes too if asked. */
export function changePassword(body: ChangePasswordBody): Promise<PasswordChangeResult> {
  return api.post<PasswordChangeResult>('/api/user/change-password', body);
}

/** A revoked key changes what the API key card and the account settings show. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (result) => {
      if (!result.apiKeyRevoked) return;
      await Promise.all(
        [queryKeys.apiKeyStatus, queryKeys.userSettings, queryKeys.user].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
