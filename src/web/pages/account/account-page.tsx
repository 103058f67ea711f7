import { LogIn, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/layouts/coming-soon';
import { Page } from '../../components/layouts/page';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { RoleBadge } from '../../components/ui/role-badge';
import { LoadingBlock } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';

export function AccountPage() {
  const { data: user, isPending } = useUser();

  if (isPending) return <LoadingBlock />;

  if (!user) {
    return (
      <Page icon={UserRound} title="Account Settings" width="narrow">
        <Card>
          <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
            <h2 className="text-lg font-semibold">Login Required</h2>
            <p className="text-sm text-muted-foreground">
              Please log in to view and manage your account settings.
            </p>
            <Button asChild>
              <Link to={paths.login}>
                <LogIn aria-hidden />
                Go to Login
              </Link>
            </Button>
          </CardContent>
        </Card>
      </Page>
    );
  }

  return (
    <Page
      icon={UserRound}
      title="Account Settings"
      description={
        <span className="inline-flex items-center gap-2">
          Signed in as <span className="font-medium text-foreground">{user.username}</span>
          <RoleBadge role={user.role} />
        </span>
      }
    >
      <ComingSoon feature="Password and email changes, your API key, VIP activation and My Pastes" />
    </Page>
  );
}
