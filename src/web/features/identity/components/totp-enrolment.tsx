import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SECOND_FACTOR_MESSAGES } from '../../../../common/messages';
import type { TotpEnrolment as Enrolment } from '../../../../common/schemas/second-factor';
import { Button } from '../../../components/ui/button';
import { CodeField, SubmitButton } from '../../../components/ui/form-field';
import { ReadOnlyField } from '../../../components/ui/read-only-field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useConfirmTotp } from '../api/second-factor';
import { TotpQrCode } from './totp-qr-code';

/**
 * Enrolling an authenticator app (loaded only when someone starts it: the QR encoder stays out of
 * the account page): the secret as a QR code and as text, then the first code, then the recovery
 * codes, shown this once.
 */
export function TotpEnrolment({ enrolment, onDone }: { enrolment: Enrolment; onDone: () => void }) {
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      toast({
        title: 'Not turned on',
        description: SECOND_FACTOR_MESSAGES.codeRequired,
        variant: 'destructive',
      });
      return;
    }
    confirm.mutate(
      { code: code.trim() },
      { onError: (e) => toastError('Not turned on', e, SECOND_FACTOR_MESSAGES.invalidCode) },
    );
  }

  if (confirm.data)
    return (
      <div className="space-y-3" data-testid="recovery-codes">
        <p className="text-sm font-medium">Two-factor authentication is on. Your recovery codes:</p>
        <ul className="grid grid-cols-2 gap-2 rounded-lg bg-muted/60 p-3 font-mono text-sm">
          {confirm.data.recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <p role="note" className="text-sm text-muted-foreground">
          Keep them somewhere safe: each signs you in once if you lose your phone. They are not shown again.
        </p>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Set up an authenticator app">
      <p className="text-sm text-muted-foreground">
        Scan this code with your authenticator app, or enter the key by hand. Then type the 6-digit code it
        shows.
      </p>
      <div className="flex justify-center">
        <TotpQrCode uri={enrolment.otpauthUri} />
      </div>
      <ReadOnlyField
        value={enrolment.secret}
        aria-label="Setup key"
        className="bg-muted/60 py-[7px] font-mono"
      />
      <CodeField
        label="Code from the app"
        name="code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-required
      />
      <SubmitButton pending={confirm.isPending} icon={ShieldCheck} label="Turn on" working="Checking..." />
    </form>
  );
}
