import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every signed-in device of this account, the most recently seen first. */
export function useAccountSessions() {
  return useQuery({
    queryKey: queryKeys.accountSessions,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<'GET /api/account/sessions'>>('/api/account/sessions', signal)
        .then((r) => r.sessions),
  });
}

/** Signs one device out (this one too: then it is signed out like Log out). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<ResponseOf<'DELETE /api/account/sessions/:id'>>(
        `/api/account/sessions/${encodeURIComponent(id)}`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
  });
}

/** Signs out every device but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<ResponseOf<'POST /api/account/sessions/sign-out-others'>>(
        '/api/account/sessions/sign-out-others',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
  });
}
