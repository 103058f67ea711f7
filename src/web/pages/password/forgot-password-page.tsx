import { ArrowLeft, KeyRound, MailCheck, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmailField, ProblemForm, SubmitButton } from '../../components/ui/form-field';
import { paths } from '../../config/paths';
import { useForgotPassword } from '../../features/auth/api/forgot-password';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { useFormProblem } from '../../lib/form-values';

const FAILED = 'Failed to send reset link';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const { data: settings } = usePublicSettings();
  // No mail provider: saying "we sent a link" would be untrue, and the page says whom to ask instead.
  const cannotMail = settings?.canSendMail === false;
  const [email, setEmail] = useState('');
  const { problem, setProblem, fail } = useFormProblem(FAILED);
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
      onError: fail,
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
            <ProblemForm label="Forgot password" problem={problem} onSubmit={onSubmit} className="space-y-5">
              <EmailField
                name="email"
                placeholder="you@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={problem ? true : undefined}
              />
              <SubmitButton
                wide
                pending={forgot.isPending}
                icon={MailCheck}
                label="Send Reset Link"
                working="Sending..."
              />
            </ProblemForm>
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
