import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '../../../../common/schemas/account';
import { api } from '../../../lib/api-client';

/** Sets the new password and ends every session of the user. */
export function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
