import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';

/** The same answer whether or not the address belongs to an account. */
export function forgotPassword(email: string): Promise<{ message: string }> {
  return api.post<ResponseOf<'POST /api/auth/forgot-password'>>('/api/auth/forgot-password', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
