import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';

/** One of them; the username wins when both are given. */
export interface ResendVerificationBody {
  username?: string;
  email?: string;
}

/** Answers the same whether or not such an account waits for verification (no enumeration). */
export function resendVerification(body: ResendVerificationBody): Promise<{ message: string }> {
  return api.post<ResponseOf<'POST /api/auth/resend-verification'>>('/api/auth/resend-verification', body);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
