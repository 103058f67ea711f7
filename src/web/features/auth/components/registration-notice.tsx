import { Alert } from '../../../components/ui/alert';
import type { RegisterResult } from '../api/register';
import { ResendVerificationButton } from './resend-verification';

/**
 * What a new account should do next: log in, or follow the mailed link first. When the mail could
 * not be sent the account still exists, and the user can ask for the mail again.
 */
export function RegistrationNotice({ username, result }: { username: string; result: RegisterResult }) {
  if (!result.requiresVerification) {
    return (
      <Alert variant="success" title="Account created">
        {result.message || 'Your account was created. You can now log in.'}
      </Alert>
    );
  }
  if (result.verificationEmailSent) {
    return (
      <Alert variant="info" title="Check your email" data-testid="registration-notice">
        {result.message} The link is valid for 24 hours. Nothing arrived? Check your spam folder, or{' '}
        <span className="whitespace-nowrap">ask for it again:</span>
        <div className="mt-3">
          <ResendVerificationButton who={{ username }} />
        </div>
      </Alert>
    );
  }
  return (
    <Alert variant="warning" title="Verification email not sent" data-testid="registration-notice">
      {result.message}
      <div className="mt-3">
        <ResendVerificationButton who={{ username }} />
      </div>
    </Alert>
  );
}
