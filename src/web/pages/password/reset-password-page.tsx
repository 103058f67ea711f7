import { LockKeyhole } from 'lucide-react';
import { ComingSoon } from '../../components/layouts/coming-soon';
import { Page } from '../../components/layouts/page';

export function ResetPasswordPage() {
  return (
    <Page
      icon={LockKeyhole}
      title="Reset Password"
      description="Choose a new password for your account."
      width="narrow"
    >
      <ComingSoon feature="Password reset by email" />
    </Page>
  );
}
