import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';
import { refreshSessionCaches } from './session-caches';

/** docs/api.md POST /api/register. */
export interface RegisterResult {
  message: string;
  /** The account must follow the mailed link before it can log in. */
  requiresVerification: boolean;
  /** False when verification is required but the mail could not be sent (offer a resend). */
  verificationEmailSent: boolean;
}

export function register(body: RegisterBody): Promise<RegisterResult> {
  return api.post<RegisterResult>('/api/register', body);
}

/** Registration does not sign in: the user is not set, only the caches are refreshed (spec §4). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => refreshSessionCaches(queryClient),
  });
}
