import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody } from '../../../../common/schemas/auth';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { refreshSessionCaches } from './session-caches';

/** requiresVerification: follow the mailed link before logging in; verificationEmailSent false: offer a resend. */
export type RegisterResult = ResponseOf<'POST /api/register', 201>;

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
