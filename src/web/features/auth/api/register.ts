import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';
import { refreshSessionCaches } from './session-caches';

export interface RegisterResult {
  message: string;
  requiresVerification: boolean;
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
