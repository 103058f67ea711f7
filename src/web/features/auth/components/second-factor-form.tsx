import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SECOND_FACTOR_MESSAGES } from '../../../../common/messages';
import type { SecondFactorMethod } from '../../../../common/schemas/second-factor';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useSecondFactorSignIn } from '../api/second-factor-sign-in';
import { PasskeySignInButton } from './passkey-sign-in-button';

const FAILED = 'Failed to login';

/**
 * The second step of a sign-in: a code from the authenticator app, a recovery code, or a passkey.
 * `methods` (known after a password sign-in) leaves out the ways the account does not have.
 */
export function SecondFactorForm({
  onCancel,
  methods = null,
}: {
  onCancel: () => void;
  methods?: SecondFactorMethod[] | null;
}) {
  const codes = !methods || methods.includes('totp');
  const passkey = !methods || methods.includes('passkey');
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
    <div className="space-y-5">
      {codes ? (
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
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">Confirm it is you with one of your passkeys.</p>
      )}
      {passkey ? <PasskeySignInButton mode="second-factor" /> : null}
      <Button type="button" variant="ghost" className="w-full" onClick={onCancel}>
        Back to login
      </Button>
    </div>
  );
}
