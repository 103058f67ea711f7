import { LogIn } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CAPTCHA_MESSAGES } from '../../../../common/messages';
import { loginError } from '../../../../common/schemas/auth';
import type { SecondFactorMethod } from '../../../../common/schemas/second-factor';
import type { PublicSettings } from '../../../../common/schemas/settings';
import { Alert } from '../../../components/ui/alert';
import { PasswordField, SubmitButton, UsernameField } from '../../../components/ui/form-field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { paths, safeNext } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { needsSecondFactor, useLogin } from '../api/login';
import { CaptchaField } from './captcha-field';
import { ResendVerificationButton } from './resend-verification';
import { useCaptcha } from './use-captcha';

const FAILED = 'Failed to login';

export function LoginForm({
  settings,
  initialUsername = '',
  notice,
  onSecondFactor,
}: {
  settings: PublicSettings;
  /** The password was right and the account asks for its second factor. */
  onSecondFactor: (methods: SecondFactorMethod[]) => void;
  initialUsername?: string;
  /** Shown above the form, e.g. what to do after registering. */
  notice?: ReactNode;
}) {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const captcha = useCaptcha(settings.enableTurnstile);
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  /** The account refused because its email is not verified yet, with the server's words. */
  const [unverified, setUnverified] = useState<{ username: string; message: string } | null>(null);
  /** A suspended account or a banned address: the server's words (a suspension's reason) stay on screen. */
  const [blocked, setBlocked] = useState<{ title: string; message: string } | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem =
      loginError({ username: username.trim(), password }) ??
      (captcha.token ? null : CAPTCHA_MESSAGES.required);
    if (problem) {
      toast({ title: FAILED, description: problem, variant: 'destructive' });
      return;
    }
    setUnverified(null);
    setBlocked(null);
    loginMutation.mutate(
      { username: username.trim(), password, captchaToken: captcha.token },
      {
        onSuccess: (answer) =>
          needsSecondFactor(answer)
            ? onSecondFactor(answer.methods)
            : navigate(safeNext(new URLSearchParams(location.search).get('next')) ?? paths.home),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
            setUnverified({ username: username.trim(), message: error.message });
          }
          if (error instanceof ApiError && (error.code === 'ACCOUNT_SUSPENDED' || error.code === 'BANNED')) {
            const title = error.code === 'BANNED' ? 'Address banned' : 'Account suspended';
            setBlocked({ title, message: error.message });
          }
          toastError(FAILED, error, 'Invalid username or password');
          captcha.reset();
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Login">
      {blocked ? (
        <Alert variant="destructive" title={blocked.title} data-testid="blocked-notice">
          {blocked.message}
        </Alert>
      ) : null}
      {unverified ? (
        <Alert variant="warning" title="Email not verified" data-testid="unverified-notice">
          {unverified.message.replace(/\.?$/, '.')} Follow the link in the email we sent you, or ask for a new
          one.
          <div className="mt-3">
            <ResendVerificationButton who={{ username: unverified.username }} />
          </div>
        </Alert>
      ) : (
        notice
      )}
      <UsernameField name="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      <PasswordField
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aside={
          <Link to={paths.forgotPassword} className="text-xs font-medium text-primary hover:underline">
            Forgot Password?
          </Link>
        }
      />
      <CaptchaField captcha={captcha} siteKey={settings.turnstileSiteKey} />
      <SubmitButton
        wide
        pending={loginMutation.isPending}
        icon={LogIn}
        label="Login"
        working="Logging in..."
      />
    </form>
  );
}
