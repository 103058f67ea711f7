import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { POST_LOGOUT_REDIRECT_MS } from '../../../../common/constants';
import { paths } from '../../../config/paths';
import { queryKeys } from '../../../lib/query-keys';
import { useLogoutMutation } from '../api/logout';
import { refreshSessionCaches } from '../api/session-caches';

/**
 * Logs out on the server, clears the user locally either way, refreshes the session caches and
 * goes home: after a short pause on success, at once when the call failed (spec §2, §8). A session
 * that came from a sign-in provider with a sign-out page goes on there (it comes back home).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useLogoutMutation();

  function clearSession() {
    queryClient.setQueryData(queryKeys.user, null);
    void refreshSessionCaches(queryClient);
  }

  function logout() {
    mutation.mutate(undefined, {
      onSuccess: ({ endSessionUrl }) => {
        clearSession();
        if (endSessionUrl) window.location.assign(endSessionUrl);
        else setTimeout(() => navigate(paths.home), POST_LOGOUT_REDIRECT_MS);
      },
      onError: (error) => {
        console.error('Logout failed', error);
        clearSession();
        navigate(paths.home);
      },
    });
  }

  return { logout, isPending: mutation.isPending };
}
