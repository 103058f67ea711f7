import { Fingerprint } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../components/ui/toast-store';
import { cancelled, passkeysSupported } from '../../identity';
import { usePasskeySignIn } from '../api/passkey-sign-in';

/**
 * "Sign in with a passkey" on the login screen (the browser offers the passkeys it holds for this
 * site), or "Use a passkey" as the second step after a password. Hidden where the browser has no
 * WebAuthn.
 */
export function PasskeySignInButton({
  mode,
  onSignedIn,
}: {
  mode: 'sign-in' | 'second-factor';
  onSignedIn?: () => void;
}) {
  const signIn = usePasskeySignIn(mode);
  if (!passkeysSupported()) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full"
      disabled={signIn.isPending}
      onClick={() =>
        signIn.mutate(undefined, {
          onSuccess: () => onSignedIn?.(),
          onError: (error) => {
            if (!cancelled(error))
              toastError('Passkey sign-in failed', error, 'The passkey could not be used.');
          },
        })
      }
    >
      <Fingerprint aria-hidden />
      {signIn.isPending
        ? 'Waiting for your passkey...'
        : mode === 'sign-in'
          ? 'Sign in with a passkey'
          : 'Use a passkey'}
    </Button>
  );
}
