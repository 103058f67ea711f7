import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { secondFactorWithPasskey, signInWithPasskey } from '../../identity/api/passkeys';
import { refreshSessionCaches } from './session-caches';

/**
 * A sign-in by passkey: alone (`sign-in`), or completing one that waits for its second factor.
 * Like a login, it sets the user and refreshes the session caches.
 */
export function usePasskeySignIn(mode: 'sign-in' | 'second-factor') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mode === 'sign-in' ? signInWithPasskey : secondFactorWithPasskey,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      void refreshSessionCaches(queryClient);
    },
  });
}
