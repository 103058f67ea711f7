import { queryOptions, useQuery } from '@tanstack/react-query';
import { canModerate } from '../../../../common/policies';
import type { PublicUser } from '../../../../common/schemas/user';
import { ApiError, api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in user, or null for a visitor (the server answers 401). */
export async function getUser(signal?: AbortSignal): Promise<PublicUser | null> {
  try {
    return await api.get<PublicUser>('/api/user', signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function userQueryOptions() {
  return queryOptions({ queryKey: queryKeys.user, queryFn: ({ signal }) => getUser(signal), retry: false });
}

export function useUser() {
  return useQuery(userQueryOptions());
}

/** The admin panel is for managers and admins (common/policies). */
export const isStaff = (user: PublicUser | null | undefined): boolean => canModerate(user?.role ?? null);
