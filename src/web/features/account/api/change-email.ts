import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody } from '../../../../common/schemas/account';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Sends a link to the new address (the email changes only when it is followed), a notice to the
 * old one, and signs the user out everywhere else. Needs the current password.
 */
export function changeEmail(body: ChangeEmailBody): Promise<{ message: string }> {
  return api.post<ResponseOf<'POST /api/user/change-email'>>('/api/user/change-email', body);
}

/** Refreshes the settings afterwards: they show the address waiting for its link. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userSettings }),
  });
}
