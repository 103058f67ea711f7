import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../../common/schemas/account';
import { api } from '../../../lib/api-client';

/** This session stays; every other session of the user ends. */
export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/user/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
