import { KeyRound } from 'lucide-react';
import { ComingSoon } from '../../components/layouts/coming-soon';
import { Page } from '../../components/layouts/page';

export function ForgotPasswordPage() {
  return (
    <Page
      icon={KeyRound}
      title="Forgot Password"
      description="Enter your email address and we will send you a link to reset your password."
      width="narrow"
    >
      <ComingSoon feature="Password reset by email" />
    </Page>
  );
}
