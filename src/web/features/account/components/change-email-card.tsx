import { AtSign, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ACCOUNT_MESSAGES, type UserSettings } from '../../../../common/schemas/account';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
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
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const invalid = !address.includes('@')
      ? ACCOUNT_MESSAGES.emailInvalid
      : !currentPassword
        ? ACCOUNT_MESSAGES.currentPasswordRequired
        : null;
    if (invalid) {
      setProblem(invalid);
      toast({ title: FAILED, description: invalid, variant: 'destructive' });
      return;
    }
    setProblem(null);
    stepUp.run(
      (secondFactorCode) =>
        change.mutateAsync({ email: address, currentPassword, secondFactorCode }).then((result) => {
          setEmail('');
          setCurrentPassword('');
          toast({
            title: byLink ? 'Check your new inbox' : 'Email changed',
            description: result.message,
            variant: 'success',
          });
        }),
      (error) => {
        setProblem(error instanceof Error && error.message ? error.message : FAILED);
        toastError(FAILED, error, FAILED);
      },
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
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Change email">
          {problem ? <Alert variant="destructive" title={problem} /> : null}
          <Field
            label="New Email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-required
          />
          <Field
            label="Current Password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            aria-required
          />
          <Button type="submit" disabled={change.isPending}>
            <Send aria-hidden />
            {byLink
              ? change.isPending
                ? 'Sending...'
                : 'Send Verification Link'
              : change.isPending
                ? 'Saving...'
                : 'Change Email'}
          </Button>
        </form>
        {stepUp.dialog}
      </CardContent>
    </Card>
  );
}
