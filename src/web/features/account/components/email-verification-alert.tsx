import { Alert } from '../../../components/ui/alert';
import { ResendVerificationButton } from '../../auth';

/** The account's address is not verified while the site requires it. */
export function EmailVerificationAlert({ username, email }: { username: string; email: string }) {
  return (
    <Alert variant="warning" title="Email verification required" data-testid="email-verification-alert">
      This site requires a verified email address. Follow the link we sent to{' '}
      <span className="font-medium text-foreground">{email}</span>, or ask for a new one.
      <div className="mt-3">
        <ResendVerificationButton who={{ username }} />
      </div>
    </Alert>
  );
}
