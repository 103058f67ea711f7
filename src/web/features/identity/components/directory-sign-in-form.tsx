import { LogIn } from 'lucide-react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { IDENTITY_MESSAGES, type PublicProvider } from '../../../../common/schemas/identity';
import type { PublicSettings } from '../../../../common/schemas/settings';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../components/ui/toast-store';
import { secondFactorPath } from '../../../config/paths';
import { CaptchaField, useCaptcha } from '../../auth';
import { needsSecondFactor } from '../../auth/api/login';
import { useDirectoryLogin } from '../api/directory-login';
import { useDirectoryCredentials } from './directory-credentials';

/** Username and password of a directory (LDAP): they go to the directory, never kept here. */
export function DirectorySignInForm({
  provider,
  settings,
  returnTo,
}: {
  provider: PublicProvider;
  settings: PublicSettings;
  returnTo: string;
}) {
  const navigate = useNavigate();
  const login = useDirectoryLogin();
  const captcha = useCaptcha(settings.enableTurnstile);
  const credentials = useDirectoryCredentials(provider);
  const failed = `Sign-in with ${provider.name} failed`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = credentials.take(failed);
    if (!typed) return;
    login.mutate(
      { id: provider.id, ...typed, captchaToken: captcha.token },
      {
        onSuccess: (answer) => navigate(needsSecondFactor(answer) ? secondFactorPath(returnTo) : returnTo),
        onError: (error) => {
          toastError(failed, error, IDENTITY_MESSAGES.invalidCredentials);
          captcha.reset();
        },
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Sign in with ${provider.name}`}
      className="space-y-4 rounded-lg border border-border p-4"
    >
      <p className="text-sm text-muted-foreground">
        Your {provider.name} username and password. They are checked by the directory and not kept here.
      </p>
      {credentials.fields}
      <CaptchaField captcha={captcha} siteKey={settings.turnstileSiteKey} />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        <LogIn aria-hidden />
        {login.isPending ? 'Signing in...' : `Sign in with ${provider.name}`}
      </Button>
    </form>
  );
}
