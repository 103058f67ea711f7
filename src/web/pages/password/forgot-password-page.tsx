import { ArrowLeft, KeyRound, MailCheck, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { toastError } from '../../components/ui/toast-store';
import { paths } from '../../config/paths';
import { useForgotPassword } from '../../features/auth/api/forgot-password';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';

const FAILED = 'Failed to send reset link';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const { data: settings } = usePublicSettings();
  // No mail provider: saying "we sent a link" would be untrue, and the page says whom to ask instead.
  const cannotMail = settings?.canSendMail === false;
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The server's answer: the same whether or not the address has an account. */
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setProblem(ACCOUNT_MESSAGES.emailRequired);
      return;
    }
    setProblem(null);
    forgot.mutate(address, {
      onSuccess: (result) =>
        setSent({ email: address, message: result.message || ACCOUNT_MESSAGES.forgotSent }),
      onError: (error) => {
        setProblem(error.message || FAILED);
        toastError(FAILED, error, FAILED);
      },
    });
  }

  return (
    <Page
      icon={KeyRound}
      title="Forgot Password"
      description="Enter your email address and we will send you a link to reset your password."
      width="narrow"
    >
      <Card>
        <CardContent className="space-y-5 pt-6">
          {cannotMail ? (
            <Alert variant="info" title="Reset by email is not available on this site" data-testid="no-mail">
              This site does not send email, so a reset link cannot reach you. Ask the site's administrator:
              they can set a new password for your account in the admin panel.
            </Alert>
          ) : sent ? (
            <div className="space-y-5" data-testid="forgot-sent">
              <Alert variant="success" title="Check your email">
                {sent.message} The link is valid for 1 hour.
              </Alert>
              <p className="text-sm text-muted-foreground">
                We sent it to <span className="font-medium text-foreground">{sent.email}</span> if that
                address belongs to an account. Nothing arrived? Check your spam folder or try again in a few
                minutes.
              </p>
              <Button type="button" variant="outline" onClick={() => setSent(null)}>
                <Send aria-hidden />
                Send another link
              </Button>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Forgot password">
              {problem ? <Alert variant="destructive" title={problem} /> : null}
              <Field
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-required
                aria-invalid={problem ? true : undefined}
              />
              <Button type="submit" className="w-full" disabled={forgot.isPending}>
                <MailCheck aria-hidden />
                {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
              </Button>
            </form>
          )}
          <Link
            to={paths.login}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Back to Login
          </Link>
        </CardContent>
      </Card>
    </Page>
  );
}
