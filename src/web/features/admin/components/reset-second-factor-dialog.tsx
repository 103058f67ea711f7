import { ShieldOff } from 'lucide-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useStepUp } from '../../identity';
import { type AdminUserItem, useResetSecondFactor } from '../api/users';

/**
 * Resets a person's two-factor authentication (they lost their app and their recovery codes):
 * recorded in the audit log; an admin who has a second factor confirms with their own code.
 */
export function ResetSecondFactorDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUserItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reset = useResetSecondFactor();
  const stepUp = useStepUp();
  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Reset two-factor authentication"
        description={`Turn off two-factor authentication for ${user.username}? Their next sign-in takes the password alone, and they can set up a new authenticator app. The reset is recorded in the audit log.`}
        confirmLabel="Reset two-factor"
        icon={<ShieldOff aria-hidden />}
        busy={reset.isPending}
        onConfirm={() =>
          stepUp.run(
            (secondFactorCode) =>
              reset.mutateAsync({ id: user.id, secondFactorCode }).then(() => {
                toast({
                  title: 'Two-factor authentication reset',
                  description: user.username,
                  variant: 'success',
                });
                onOpenChange(false);
              }),
            (e) => toastError('Error', e, 'Failed to reset two-factor authentication.'),
          )
        }
      />
      {stepUp.dialog}
    </>
  );
}
