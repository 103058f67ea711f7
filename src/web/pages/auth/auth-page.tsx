import { LogIn, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { SecondFactorMethod } from '../../../common/schemas/second-factor';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadingBlock } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { paths, safeNext } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';
import type { RegisterResult } from '../../features/auth/api/register';
import { LoginForm } from '../../features/auth/components/login-form';
import { PasskeySignInButton } from '../../features/auth/components/passkey-sign-in-button';
import { RegisterForm } from '../../features/auth/components/register-form';
import { RegistrationNotice } from '../../features/auth/components/registration-notice';
import { SecondFactorForm } from '../../features/auth/components/second-factor-form';
import { ProviderSignIn } from '../../features/identity/components/provider-sign-in';
import { usePublicSettings, useSiteTitle } from '../../features/settings/api/get-public-settings';
import { errorMessage } from '../../lib/api-client';

type Tab = 'login' | 'register';

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const settings = usePublicSettings();
  const siteTitle = useSiteTitle();
  const { data: user } = useUser();
  const [registered, setRegistered] = useState<{ username: string; result: RegisterResult } | null>(null);
  const registeredUsername = registered?.username ?? '';
  // Known after a password sign-in (a provider's comes back by redirect: then every way is offered).
  const [methods, setMethods] = useState<SecondFactorMethod[] | null>(null);

  // Switching tabs keeps the rest of the query (where to go after logging in).
  const selectTab = (next: string) =>
    setSearchParams(
      (current) => {
        current.set('tab', next);
        return current;
      },
      { replace: true },
    );

  const awaitingCode = searchParams.get('secondFactor') === 'required';
  const setAwaitingCode = (on: boolean) =>
    setSearchParams(
      (current) => {
        if (on) current.set('secondFactor', 'required');
        else current.delete('secondFactor');
        return current;
      },
      { replace: true },
    );

  const next = safeNext(searchParams.get('next')) ?? paths.home;
  // Signed in (or just now): on to where the login was asked from, else home.
  if (user) return <Navigate to={next} replace />;

  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md shadow-xl">
        <CardHeader className="items-center text-center">
          <CardTitle as="h1" className="text-2xl">
            Welcome to {siteTitle}
          </CardTitle>
          <CardDescription>
            {awaitingCode
              ? 'Two-factor authentication'
              : tab === 'login'
                ? 'Log in to manage your pastes.'
                : 'Create an account to keep track of your pastes.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <LoadingBlock />
          ) : settings.isError ? (
            <Alert variant="destructive" title="Could not load the site settings">
              {errorMessage(settings.error, 'Please reload the page.')}
            </Alert>
          ) : awaitingCode ? (
            <SecondFactorForm methods={methods} onCancel={() => setAwaitingCode(false)} />
          ) : (
            <div className="space-y-5">
              <ProviderSignIn settings={settings.data} returnTo={next} />
              {tab === 'login' ? <PasskeySignInButton mode="sign-in" /> : null}
              <Tabs value={tab} onValueChange={selectTab}>
                <TabsList className="grid grid-cols-2">
                  <TabsTrigger value="login">
                    <LogIn aria-hidden className="size-4" />
                    Login
                  </TabsTrigger>
                  <TabsTrigger value="register">
                    <UserPlus aria-hidden className="size-4" />
                    Register
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm
                    key={registeredUsername}
                    settings={settings.data}
                    initialUsername={registeredUsername}
                    onSecondFactor={(answerMethods) => {
                      setMethods(answerMethods);
                      setAwaitingCode(true);
                    }}
                    notice={
                      registered?.result.requiresVerification ? (
                        <RegistrationNotice username={registered.username} result={registered.result} />
                      ) : null
                    }
                  />
                </TabsContent>
                <TabsContent value="register">
                  {settings.data.ssoOnly ? (
                    <Alert title="Accounts are made by single sign-on">
                      Sign in with your organisation’s account above: your account here is made at your first
                      sign-in.
                    </Alert>
                  ) : (
                    <RegisterForm
                      settings={settings.data}
                      onRegistered={(username, result) => {
                        setRegistered({ username, result });
                        selectTab('login');
                      }}
                    />
                  )}
                </TabsContent>
              </Tabs>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
