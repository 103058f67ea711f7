import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '../../../../common/schemas/auth';
import type { PublicUser } from '../../../../common/schemas/user';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshSessionCaches } from './session-caches';

export function login(body: LoginBody): Promise<PublicUser> {
  return api.post<PublicUser>('/api/login', body);
}

/** Sets the user from the answer, then refreshes the session caches. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      void refreshSessionCaches(queryClient);
    },
  });
}
