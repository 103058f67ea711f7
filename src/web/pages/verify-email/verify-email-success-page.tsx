import { CircleCheck, CircleX, LogIn, Settings, UserPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { paths } from '../../config/paths';

/** Query parameters that carry the one-time reveal of the API key after verification. */
const REVEAL_PARAMS = ['apiKey', 'code'];

export function VerifyEmailSuccessPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  const hasReveal = REVEAL_PARAMS.some((name) => searchParams.get(name));

  if (error !== null || !hasReveal) {
    return (
      <div className="flex justify-center px-4 py-16">
        <Card className="w-full max-w-md border-destructive/40">
          <CardHeader className="items-center text-center">
            <CircleX aria-hidden className="mb-2 size-12 text-destructive" />
            <CardTitle className="text-2xl">Verification Failed</CardTitle>
            <CardDescription>{error?.trim() || 'Invalid verification link'}</CardDescription>
          </CardHeader>
          <CardFooter className="justify-center">
            <Button asChild>
              <Link to={paths.register}>
                <UserPlus aria-hidden />
                Back to Register
              </Link>
            </Button>
          </CardFooter>
        </Card>
      </div>
    );
  }

  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md border-success/40">
        <CardHeader className="items-center text-center">
          <CircleCheck aria-hidden className="mb-2 size-12 text-success" />
          <CardTitle className="text-2xl">Email Verified</CardTitle>
          <CardDescription>Your email address is confirmed and your account is active.</CardDescription>
        </CardHeader>
        <CardContent>
          <Alert variant="info" title="Your API key">
            Showing your new API key on this page arrives with the accounts release. Until then you can log in
            normally; the key will be available from Account Settings.
          </Alert>
        </CardContent>
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
    </div>
  );
}
