import { LogIn, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../components/layouts/page';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { loginPath } from '../../config/paths';

/** What the team screens show a visitor: teams are for accounts. */
export function LoginRequired() {
  return (
    <Page icon={Users} title="Teams" width="narrow">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <p className="text-sm text-muted-foreground">Log in to see and manage your teams.</p>
          <Button asChild>
            <Link to={loginPath(window.location.pathname)}>
              <LogIn aria-hidden />
              Go to Login
            </Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}
