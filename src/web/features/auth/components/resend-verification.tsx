import { MailCheck } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { toast, toastError } from '../../../components/ui/toast-store';
import { type ResendVerificationBody, useResendVerification } from '../api/resend-verification';

/** 'Resend verification email': the same answer whether or not the account exists. */
export function ResendVerificationButton({
  who,
  variant = 'outline',
  size = 'sm',
}: {
  who: ResendVerificationBody;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const resend = useResendVerification();
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(who, {
          onSuccess: (result) =>
            toast({ title: 'Verification email sent', description: result.message, variant: 'success' }),
          onError: (error) => toastError('Failed to resend verification email', error),
        })
      }
    >
      <MailCheck aria-hidden />
      {resend.isPending ? 'Sending...' : 'Resend verification email'}
    </Button>
  );
}
