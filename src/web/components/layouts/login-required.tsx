import { LogIn, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { Page } from './page';

/** What a screen for accounts shows a visitor: why, and the way to the login page (`loginTo`). */
export function LoginRequiredPage({
  icon,
  title,
  heading,
  loginTo,
  children,
}: {
  icon: LucideIcon;
  /** The screen's title, kept so the visitor knows where they are. */
  title: string;
  heading?: string;
  loginTo: string;
  children: ReactNode;
}) {
  return (
    <Page icon={icon} title={title} width="narrow">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          {heading ? <h2 className="text-lg font-semibold">{heading}</h2> : null}
          <p className="text-sm text-muted-foreground">{children}</p>
          <Button asChild>
            <Link to={loginTo}>
              <LogIn aria-hidden />
              Go to Login
            </Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}
