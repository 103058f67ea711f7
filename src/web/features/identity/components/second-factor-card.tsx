import { KeyRound } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { SECOND_FACTOR_MESSAGES } from '../../../../common/messages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CodeField } from '../../../components/ui/form-field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useDisableSecondFactor, useSecondFactor, useStartTotp } from '../api/second-factor';

const TotpEnrolment = lazy(() => import('./totp-enrolment').then((m) => ({ default: m.TotpEnrolment })));

/** The account page's two-factor authentication: set up an authenticator app, or turn it off. */
export function SecondFactorCard() {
  const status = useSecondFactor();
  const start = useStartTotp();
  const [enrolling, setEnrolling] = useState(false);
  const on = status.data?.totp === true;

  return (
    <Card aria-labelledby="second-factor-title">
      <CardHeader>
        <CardTitle id="second-factor-title" className="flex items-center gap-2">
          <KeyRound aria-hidden className="size-5 text-primary" />
          Two-factor authentication
          {on ? <Badge variant="success">On</Badge> : null}
        </CardTitle>
        <CardDescription>
          A code from an authenticator app at every sign-in, after your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {enrolling && start.data ? (
          <Suspense fallback={<LoadingBlock />}>
            <TotpEnrolment
              enrolment={start.data}
              onDone={() => {
                setEnrolling(false);
                start.reset();
              }}
            />
          </Suspense>
        ) : on ? (
          <DisableForm recoveryCodesLeft={status.data?.recoveryCodesLeft ?? 0} />
        ) : (
          <Button
            type="button"
            disabled={start.isPending || status.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: () => setEnrolling(true),
                onError: (e) => toastError('Could not start', e, 'Please try again.'),
              })
            }
          >
            Set up an authenticator app
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function DisableForm({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const disable = useDisableSecondFactor();
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      toast({
        title: 'Not turned off',
        description: SECOND_FACTOR_MESSAGES.codeRequired,
        variant: 'destructive',
      });
      return;
    }
    disable.mutate(
      { code: code.trim() },
      {
        onSuccess: () => toast({ title: 'Two-factor authentication is off', variant: 'success' }),
        onError: (e) => toastError('Not turned off', e, SECOND_FACTOR_MESSAGES.invalidCode),
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label="Turn off two-factor authentication"
    >
      <p className="text-sm text-muted-foreground">
        {recoveryCodesLeft} of your recovery codes left. To turn it off, enter a code from your app or a
        recovery code.
      </p>
      <CodeField name="code" value={code} onChange={(e) => setCode(e.target.value)} />
      <Button type="submit" variant="outline" disabled={disable.isPending}>
        Turn off
      </Button>
    </form>
  );
}
