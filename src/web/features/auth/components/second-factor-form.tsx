import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SECOND_FACTOR_MESSAGES } from '../../../../common/messages';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useSecondFactorSignIn } from '../api/second-factor-sign-in';

const FAILED = 'Failed to login';

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function SecondFactorForm({ onCancel }: { onCancel: () => void }) {
  const complete = useSecondFactorSignIn();
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      toast({ title: FAILED, description: SECOND_FACTOR_MESSAGES.codeRequired, variant: 'destructive' });
      return;
    }
    complete.mutate(
      { code: code.trim() },
      { onError: (error) => toastError(FAILED, error, SECOND_FACTOR_MESSAGES.invalidCode) },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Two-factor authentication">
      <p className="text-sm text-muted-foreground">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <Field
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-required
      />
      <Button type="submit" className="w-full" disabled={complete.isPending}>
        <ShieldCheck aria-hidden />
        {complete.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onCancel}>
        Back to login
      </Button>
    </form>
  );
}
