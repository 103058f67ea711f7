import { Fingerprint, ShieldCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { SECOND_FACTOR_MESSAGES } from '../../../../common/messages';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { stepUpWithPasskey, usePasskeys } from '../api/passkeys';
import { cancelled, passkeysSupported } from '../lib/webauthn';

/** One try of the guarded action: without a code first, then with the one the person typed. */
type Attempt = (secondFactorCode?: string) => Promise<unknown>;

const asksForCode = (e: unknown) => e instanceof ApiError && e.code === 'SECOND_FACTOR_REQUIRED';
/** The code was refused (a directory's wrong password shares the error code, not the message). */
const wrongCode = (e: unknown) => e instanceof ApiError && e.message === SECOND_FACTOR_MESSAGES.invalidCode;

/**
 * For the actions the server guards with a fresh second-factor check (a new address, an API key,
 * linking a provider, an admin's reset): `run` tries the action; when the server asks for a code,
 * a dialog asks the person for one and tries again with it. A wrong code stays in the dialog;
 * any other failure goes to `onError`. Render `dialog` once, anywhere in the caller.
 */
export function useStepUp(): {
  run: (attempt: Attempt, onError: (error: unknown) => void) => void;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<{ attempt: Attempt; onError: (error: unknown) => void } | null>(null);
  // Read when the dialog opens: a passkey is offered beside the code where the account has one.
  const passkeys = usePasskeys(open && passkeysSupported());
  const hasPasskey = (passkeys.data?.passkeys.length ?? 0) > 0;

  /** The passkey makes this session fresh; the action then goes through without a code. */
  async function confirmWithPasskey() {
    const current = pending.current;
    if (!current) return;
    setBusy(true);
    try {
      await stepUpWithPasskey();
      await current.attempt();
      setOpen(false);
    } catch (e) {
      if (cancelled(e)) return;
      if (e instanceof ApiError && e.code === 'INVALID_CREDENTIALS') setProblem(e.message);
      else {
        setOpen(false);
        current.onError(e);
      }
    } finally {
      setBusy(false);
    }
  }

  function run(attempt: Attempt, onError: (error: unknown) => void) {
    attempt().catch((e: unknown) => {
      if (!asksForCode(e)) return onError(e);
      pending.current = { attempt, onError };
      setCode('');
      setProblem(null);
      setOpen(true);
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The dialog is portalled, but React events still bubble to a form around its caller.
    event.stopPropagation();
    const current = pending.current;
    if (!current) return;
    if (!code.trim()) {
      setProblem(SECOND_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setBusy(true);
    try {
      await current.attempt(code.trim());
      setOpen(false);
    } catch (e) {
      if (wrongCode(e)) setProblem(SECOND_FACTOR_MESSAGES.invalidCode);
      else {
        setOpen(false);
        current.onError(e);
      }
    } finally {
      setBusy(false);
    }
  }

  const dialog = (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Confirm with your code">
          <div className="space-y-2 pr-6">
            <DialogTitle className="flex items-center gap-2">
              <ShieldCheck aria-hidden className="size-5 text-primary" />
              Confirm it is you
            </DialogTitle>
            <DialogDescription>
              Enter a code from your authenticator app or a recovery code
              {hasPasskey ? ', or use a passkey' : ''}. For the next 10 minutes this device will not be asked
              again.
            </DialogDescription>
          </div>
          <Field
            label="Code"
            name="secondFactorCode"
            autoComplete="one-time-code"
            inputMode="text"
            value={code}
            error={problem ?? undefined}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
          />
          <DialogActions>
            {hasPasskey ? (
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => void confirmWithPasskey()}
              >
                <Fingerprint aria-hidden />
                Use a passkey
              </Button>
            ) : null}
            <Button type="submit" disabled={busy}>
              {busy ? 'Checking...' : 'Confirm'}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );

  return { run, dialog };
}
