import { FilePlus, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { loginPath } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';
import { CreatePasteForm } from '../../features/paste-editor';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';

export function HomePage() {
  const settings = usePublicSettings();
  const user = useUser();
  // A site that asks a sign-in to create (Settings → Security): a visitor is asked to sign in first.
  const signInFirst = settings.data?.requireSignInToCreate === true && user.isSuccess && !user.data;
  return (
    <Page
      icon={FilePlus}
      title="Create Paste"
      description="Paste text or code, choose who can see it and when it expires, then share the link."
      width="wide"
    >
      {signInFirst ? (
        <Alert variant="info" title="Sign in to create a paste">
          <p>Only signed-in members can create pastes on this site.</p>
          <Button asChild className="mt-3">
            <Link to={loginPath()}>
              <LogIn aria-hidden />
              Sign in
            </Link>
          </Button>
        </Alert>
      ) : (
        <CreatePasteForm />
      )}
    </Page>
  );
}
