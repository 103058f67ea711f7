import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import type { SecondFactorCodeBody } from '../../../../common/schemas/second-factor';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshSessionCaches } from './session-caches';

/** The code that completes a sign-in waiting for its second factor; like a login, it sets the user. */
export function useSecondFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecondFactorCodeBody) =>
      api.post<ResponseOf<'POST /api/auth/second-factor'>>('/api/auth/second-factor', body),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      void refreshSessionCaches(queryClient);
    },
  });
}
