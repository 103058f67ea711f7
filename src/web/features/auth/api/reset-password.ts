import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeResult, ResetPasswordBody } from '../../../../common/schemas/account';
import { api } from '../../../lib/api-client';

/** Sets the new password, ends every session of the user and revokes their API key. */
export function resetPassword(body: ResetPasswordBody): Promise<PasswordChangeResult> {
  return api.post<PasswordChangeResult>('/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
