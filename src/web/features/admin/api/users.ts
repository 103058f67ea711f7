import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody } from '../../../../common/schemas/admin';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AdminUserItem = ResponseOf<'GET /api/admin/users'>['users'][number];

export function useAdminUsers() {
  return useQuery({
    queryKey: queryKeys.adminUsers,
    queryFn: ({ signal }) => api.get<ResponseOf<'GET /api/admin/users'>>('/api/admin/users', signal),
    select: (r) => r.users,
  });
}

/** Whether role management is on (the Users tab offers role changes only then). */
export function useAdminSettings() {
  return useQuery({
    queryKey: queryKeys.adminSettings,
    queryFn: ({ signal }) => api.get<ResponseOf<'GET /api/settings'>>('/api/settings', signal),
  });
}

export function useUserPastes(id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.adminUserPastes(id, page),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/admin/users/:id/pastes'>>(
        `/api/admin/users/${id}/pastes?page=${page}&limit=10`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminStats }),
      queryClient.invalidateQueries({ queryKey: queryKeys.pastes }),
    ]);
}

export function useUpdateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateUserBody }) =>
      api.put<ResponseOf<'PUT /api/users/:id'>>(`/api/users/${id}`, change),
    onSuccess: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: number) => api.delete<ResponseOf<'DELETE /api/users/:id'>>(`/api/users/${id}`),
    // Not awaited: the refetch removes the user's card, and the caller's toast must come first.
    onSuccess: () => void refresh(),
  });
}

/** Removes a person's second factor (audited); the admin may be asked for their own code first. */
export function useResetSecondFactor() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, secondFactorCode }: { id: number; secondFactorCode?: string }) =>
      api.post<ResponseOf<'POST /api/admin/users/:id/second-factor/reset'>>(
        `/api/admin/users/${id}/second-factor/reset`,
        secondFactorCode ? { secondFactorCode } : undefined,
      ),
    onSuccess: () => void refresh(),
  });
}
