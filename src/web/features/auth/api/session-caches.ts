import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Spec §7: after login, register and logout the current user, my-pastes and admin users caches are
 * refreshed. The account page's settings and API-key status belong to the user too, so they follow.
 */
export function refreshSessionCaches(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [
      queryKeys.user,
      queryKeys.myPastes,
      queryKeys.adminUsers,
      queryKeys.userSettings,
      queryKeys.apiKeyStatus,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
