import { AtSign, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ACCOUNT_MESSAGES, type UserSettings } from '../../../../common/schemas/account';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useChangeEmail } from '../api/change-email';

const FAILED = 'Email Change Failed';

/** Shown only while email verification is required: the new address must prove itself first. */
export function ChangeEmailCard({ settings }: { settings: UserSettings }) {
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address.includes('@')) {
      setProblem(ACCOUNT_MESSAGES.emailInvalid);
      toast({ title: FAILED, description: ACCOUNT_MESSAGES.emailInvalid, variant: 'destructive' });
      return;
    }
    setProblem(null);
    change.mutate(address, {
      onSuccess: (result) => {
        setEmail('');
        toast({
          title: 'Check your new inbox',
          description: result.message || ACCOUNT_MESSAGES.emailChangeSent,
          variant: 'success',
        });
      },
      onError: (error) => {
        setProblem(error.message || FAILED);
        toastError(FAILED, error, FAILED);
      },
    });
  }

  return (
    <Card aria-labelledby="change-email-title">
      <CardHeader>
        <CardTitle id="change-email-title" className="flex items-center gap-2">
          <AtSign aria-hidden className="size-5 text-primary" />
          Change Email
        </CardTitle>
        <CardDescription>
          We send a verification link to the new address. Your email changes only when you follow it (within
          24 hours); until then the current address stays in use.
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
          <Button type="submit" disabled={change.isPending}>
            <Send aria-hidden />
            {change.isPending ? 'Sending...' : 'Send Verification Link'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
