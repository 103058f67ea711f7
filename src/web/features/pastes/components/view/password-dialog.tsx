import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PASTE_MESSAGES } from '../../../../../common/messages';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/label';
import { PasswordInput } from '../../../../components/ui/password-input';
import { errorMessage } from '../../../../lib/api-client';
import { useVerifyPaste } from '../../api/verify-paste';

/**
 * Spec §4 protected paste: submit disabled while the password is empty or being checked; a
 * failure (wrong password, rate limit) shows the server's message inside the dialog.
 */
export function PasswordDialog({
  pasteId,
  burnAfterReading = false,
  open,
  onOpenChange,
  onUnlocked,
}: {
  pasteId: string;
  /** Unlocking shows a burn paste once and destroys it: say so before the visitor does it. */
  burnAfterReading?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a right password (its grant is kept): e.g. a revision screen reads again with it. */
  onUnlocked?: () => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const verify = useVerifyPaste(pasteId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || verify.isPending) return;
    verify.mutate(password, { onSuccess: () => onUnlocked?.() });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1.5 pr-6">
            <DialogTitle className="flex items-center gap-2">
              <LockKeyhole aria-hidden className="size-5 text-primary" />
              Password Protected
            </DialogTitle>
            <DialogDescription>This paste is protected. Enter its password to view it.</DialogDescription>
            {burnAfterReading ? (
              <p className="text-sm font-medium text-destructive">
                This paste will be destroyed after you view it
              </p>
            ) : null}
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <PasswordInput
              id={`${id}-password`}
              autoComplete="off"
              autoFocus
              value={password}
              aria-invalid={verify.isError || undefined}
              onChange={(e) => {
                setPassword(e.target.value);
                if (verify.isError) verify.reset();
              }}
            />
          </div>
          {verify.isError ? (
            <Alert variant="destructive" title={errorMessage(verify.error, PASTE_MESSAGES.invalidPassword)} />
          ) : null}
          <Button type="submit" className="w-full" disabled={!password || verify.isPending}>
            {verify.isPending ? 'Verifying...' : 'Unlock Paste'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
