import { AtSign, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { ACCOUNT_MESSAGES, type UserSettings } from '../../../../common/schemas/account';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmailField, PasswordField, ProblemForm, SubmitButton } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { useFormProblem, useFormValues } from '../../../lib/form-values';
import { useStepUp } from '../../identity';
import { useChangeEmail } from '../api/change-email';

const FAILED = 'Email Change Failed';

/**
 * Changes the account's address after the current password: by a link the new address must
 * follow while the site can send mail, at once when it cannot.
 */
export function ChangeEmailCard({ settings }: { settings: UserSettings }) {
  const byLink = settings.emailChangeByLink;
  const change = useChangeEmail();
  const stepUp = useStepUp();
  const { values, bind, reset } = useFormValues({ email: '', currentPassword: '' });
  const { problem, setProblem, fail, refuse } = useFormProblem(FAILED);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { currentPassword } = values;
    const address = values.email.trim();
    const invalid = !address.includes('@')
      ? ACCOUNT_MESSAGES.emailInvalid
      : !currentPassword
        ? ACCOUNT_MESSAGES.currentPasswordRequired
        : null;
    if (invalid) {
      refuse(invalid);
      return;
    }
    setProblem(null);
    stepUp.run(
      (secondFactorCode) =>
        change.mutateAsync({ email: address, currentPassword, secondFactorCode }).then((result) => {
          reset();
          toast({
            title: byLink ? 'Check your new inbox' : 'Email changed',
            description: result.message,
            variant: 'success',
          });
        }),
      fail,
    );
  }

  return (
    <Card aria-labelledby="change-email-title">
      <CardHeader>
        <CardTitle id="change-email-title" className="flex items-center gap-2">
          <AtSign aria-hidden className="size-5 text-primary" />
          Change Email
        </CardTitle>
        <CardDescription>
          {byLink
            ? 'We send a verification link to the new address. Your email changes only when you follow it (within 24 hours); until then the current address stays in use. The current address gets a notice, and your other devices are signed out.'
            : 'This site sends no email, so your address changes as soon as you save it, unverified. Your other devices are signed out.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Current</dt>
          <dd className="font-medium break-all">{settings.email}</dd>
          {settings.pendingEmail ? (
            <>
              <dt className="text-muted-foreground">Waiting</dt>
              <dd className="break-all" data-testid="pending-email">
                {settings.pendingEmail}{' '}
                <span className="text-muted-foreground">(follow the link we sent there)</span>
              </dd>
            </>
          ) : null}
        </dl>
        <ProblemForm label="Change email" problem={problem} onSubmit={onSubmit}>
          <EmailField label="New Email" placeholder="you@example.com" {...bind('email')} />
          <PasswordField label="Current Password" {...bind('currentPassword')} />
          <SubmitButton
            pending={change.isPending}
            icon={Send}
            label={byLink ? 'Send Verification Link' : 'Change Email'}
            working={byLink ? 'Sending...' : 'Saving...'}
          />
        </ProblemForm>
        {stepUp.dialog}
      </CardContent>
    </Card>
  );
}
