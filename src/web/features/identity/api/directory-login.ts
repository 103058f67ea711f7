import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DirectoryCredentials } from '../../../../common/schemas/identity';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { needsSecondFactor } from '../../auth/api/login';
import { refreshSessionCaches } from '../../auth/api/session-caches';

/**
 * Signs in against a directory; like a password login, the user is set and the caches refreshed
 * (unless the account's second factor is still to come).
 */
export function useDirectoryLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...creds }: DirectoryCredentials & { id: string }) =>
      api.post<ResponseOf<'POST /api/auth/ldap/:id/login'>>(
        `/api/auth/ldap/${encodeURIComponent(id)}/login`,
        creds,
      ),
    onSuccess: (user) => {
      if (needsSecondFactor(user)) return;
      queryClient.setQueryData(queryKeys.user, user);
      void refreshSessionCaches(queryClient);
    },
  });
}
