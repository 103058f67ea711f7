import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** Spec §7: after login, register and logout the current user, my-pastes and admin users caches are refreshed. */
export function refreshSessionCaches(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.user }),
    queryClient.invalidateQueries({ queryKey: queryKeys.myPastes }),
    queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  ]).then(() => undefined);
}
