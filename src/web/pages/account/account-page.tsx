import { UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LoginRequiredPage } from '../../components/layouts/login-required';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { RoleBadge } from '../../components/ui/role-badge';
import { LoadingBlock } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useUserSettings } from '../../features/account/api/get-user-settings';
import { AccessTokensCard } from '../../features/account/components/access-tokens-card';
import { ApiKeyCard } from '../../features/account/components/api-key-card';
import { ChangeEmailCard } from '../../features/account/components/change-email-card';
import { ChangePasswordCard } from '../../features/account/components/change-password-card';
import { EmailVerificationAlert } from '../../features/account/components/email-verification-alert';
import { MyPastesCard } from '../../features/account/components/my-pastes-card';
import { SessionsCard } from '../../features/account/components/sessions-card';
import { useUser } from '../../features/auth/api/get-user';
import { CollectionsCard } from '../../features/collections';
import { LinkedProvidersCard } from '../../features/identity/components/linked-providers-card';
import { PasskeysCard } from '../../features/identity/components/passkeys-card';
import { SecondFactorCard } from '../../features/identity/components/second-factor-card';
import { SharedWithMeCard } from '../../features/teams';
import { VipCard } from '../../features/vip/components/vip-card';
import { errorMessage } from '../../lib/api-client';

/** /account and /account-settings (spec §2 Account settings). */
export function AccountPage() {
  const { data: user, isPending } = useUser();
  const settings = useUserSettings({ enabled: Boolean(user) });
  const { hash } = useLocation();
  const ready = Boolean(settings.data);

  // Links such as the VIP page's 'Activate VIP Now' point at a card (#vip): scroll once it exists.
  useEffect(() => {
    if (ready && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);

  if (isPending) return <LoadingBlock />;
  if (!user) {
    return (
      <LoginRequiredPage
        icon={UserRound}
        title="Account Settings"
        heading="Login Required"
        loginTo={paths.login}
      >
        Please log in to view and manage your account settings.
      </LoginRequiredPage>
    );
  }

  return (
    <Page
      icon={UserRound}
      title="Account Settings"
      width="wide"
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          Signed in as <span className="font-medium text-foreground">{user.username}</span>
          <RoleBadge role={user.role} />
        </span>
      }
    >
      {settings.isPending ? (
        <LoadingBlock label="Loading your settings..." />
      ) : settings.isError ? (
        <Alert variant="destructive" title="Could not load your settings">
          {errorMessage(settings.error, 'Please reload the page.')}
        </Alert>
      ) : (
        <div className="space-y-6">
          {settings.data.requireEmailVerification && !settings.data.emailVerified ? (
            <EmailVerificationAlert username={user.username} email={settings.data.email} />
          ) : null}
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <div className="space-y-6">
              <ChangePasswordCard />
              <ChangeEmailCard settings={settings.data} />
              <SessionsCard />
            </div>
            <div className="space-y-6">
              <ApiKeyCard enabled={settings.data.enableApiKeys} />
              <AccessTokensCard role={user.role} />
              <SecondFactorCard />
              <PasskeysCard />
              <LinkedProvidersCard />
              <VipCard user={user} settings={settings.data} />
            </div>
          </div>
          <MyPastesCard />
          <SharedWithMeCard />
          <CollectionsCard />
        </div>
      )}
    </Page>
  );
}
