import { KeyRound, LockKeyhole } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RESET_PASSWORD_MIN, RESET_REDIRECT_MS } from '../../../common/constants';
import { SECOND_FACTOR_MESSAGES } from '../../../common/messages';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { CodeField, PasswordField, ProblemForm, SubmitButton } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { paths } from '../../config/paths';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { ApiError } from '../../lib/api-client';
import { useFormProblem } from '../../lib/form-values';
import { resetPasswordProblem } from '../../lib/password-rules';

function MissingToken() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.forgotPassword, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="space-y-4">
      <Alert variant="destructive" title={ACCOUNT_MESSAGES.resetLinkMissing}>
        Taking you to the password reset request page...
      </Alert>
      <Button asChild variant="outline">
        <Link to={paths.forgotPassword}>
          <KeyRound aria-hidden />
          Request a new link
        </Link>
      </Button>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { problem, setProblem, refuse: fail } = useFormProblem('Password Reset Failed');
  // An account with two-factor authentication: the server asks for a code with the new password.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = resetPasswordProblem(password, confirm);
    if (invalid) {
      fail(invalid);
      return;
    }
    if (needsCode && !code.trim()) {
      fail(SECOND_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setProblem(null);
    reset.mutate(
      { token, newPassword: password, ...(needsCode ? { secondFactorCode: code.trim() } : {}) },
      {
        onSuccess: (result) => {
          toast({
            title: 'Password reset',
            description: result.message || ACCOUNT_MESSAGES.resetDone,
            variant: 'success',
          });
          navigate(paths.login, { replace: true });
        },
        // The server's words: the length rule, that the link is expired or invalid, or the code.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED') {
            setNeedsCode(true);
            setProblem(null);
            return;
          }
          fail(error.message || ACCOUNT_MESSAGES.resetFailed);
        },
      },
    );
  }

  return (
    <ProblemForm
      label="Reset password"
      problem={problem}
      problemDetail={
        problem === ACCOUNT_MESSAGES.resetFailed ? (
          <Link to={paths.forgotPassword} className="font-medium text-primary hover:underline">
            Request a new password reset
          </Link>
        ) : null
      }
      onSubmit={onSubmit}
      className="space-y-5"
    >
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={`At least ${RESET_PASSWORD_MIN} characters.`}
      />
      <PasswordField
        label="Confirm New Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      {needsCode ? (
        <CodeField
          label="Two-factor code"
          name="secondFactorCode"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint="Your account has two-factor authentication: enter a code from your authenticator app or a recovery code."
          aria-required
          autoFocus
        />
      ) : null}
      <SubmitButton
        wide
        pending={reset.isPending}
        icon={LockKeyhole}
        label="Reset Password"
        working="Resetting..."
      />
    </ProblemForm>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <Page
      icon={LockKeyhole}
      title="Reset Password"
      description="Choose a new password for your account. You will be signed out on every device."
      width="narrow"
    >
      <Card>
        <CardContent className="pt-6">{token ? <ResetForm token={token} /> : <MissingToken />}</CardContent>
      </Card>
    </Page>
  );
}
