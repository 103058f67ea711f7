import { CircleCheck, CircleX, LogIn, Settings, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { paths } from '../../../config/paths';

/** The 'Verification Failed' card: the reason, and the way back to registration. */
export function VerificationFailedCard({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Card className="w-full max-w-md border-destructive/40">
      <CardHeader className="items-center text-center">
        <CircleX aria-hidden className="mb-2 size-12 text-destructive" />
        <CardTitle className="text-2xl">Verification Failed</CardTitle>
        <CardDescription role="alert">{message}</CardDescription>
      </CardHeader>
      {children ? (
        <CardContent className="text-center text-sm text-muted-foreground">{children}</CardContent>
      ) : null}
      <CardFooter className="justify-center">
        <Button asChild>
          <Link to={paths.register}>
            <UserPlus aria-hidden />
            Back to Register
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.login}>
            <LogIn aria-hidden />
            Go to Login
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** A successful verification (or email change), optionally with the one-time API key inside. */
export function VerifiedCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <Card className="w-full max-w-lg border-success/40">
      <CardHeader className="items-center text-center">
        <CircleCheck aria-hidden className="mb-2 size-12 text-success" />
        <CardTitle className="text-2xl">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children ? <CardContent>{children}</CardContent> : null}
      <CardFooter className="justify-center">
        <Button asChild>
          <Link to={paths.login}>
            <LogIn aria-hidden />
            Go to Login
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.accountSettings}>
            <Settings aria-hidden />
            View Account Settings
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
