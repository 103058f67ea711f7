import { Users } from 'lucide-react';
import { LoginRequiredPage } from '../../components/layouts/login-required';
import { loginPath } from '../../config/paths';

/** What the team screens show a visitor: teams are for accounts. */
export function LoginRequired() {
  return (
    <LoginRequiredPage icon={Users} title="Teams" loginTo={loginPath(window.location.pathname)}>
      Log in to see and manage your teams.
    </LoginRequiredPage>
  );
}
