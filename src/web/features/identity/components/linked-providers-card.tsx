import { Building2, Link2, LogIn, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toastError } from '../../../components/ui/toast-store';
import { useIdentities, useLinkRedirectProvider, useUnlinkProvider } from '../api/identities';
import { signInProblemOf } from '../lib/sign-in-problem';
import { DirectoryLinkForm } from './directory-link-form';
import { useStepUp } from './step-up';

/**
 * The account page's sign-in providers: which ones this account is linked to (with "Unlink {name}"),
 * and "Link {name}" for the others. Nothing when the site has no provider.
 */
export function LinkedProvidersCard() {
  const identities = useIdentities();
  const link = useLinkRedirectProvider();
  const unlink = useUnlinkProvider();
  const stepUp = useStepUp();
  const [searchParams] = useSearchParams();
  const [directory, setDirectory] = useState<string | null>(null);
  const list = identities.data ?? [];
  if (list.length === 0) return null;
  const linkedNow = list.find((p) => p.id === searchParams.get('linked'));
  const problem = signInProblemOf(searchParams, list);
  const open = list.find((p) => p.id === directory);

  return (
    <Card aria-labelledby="identities-title">
      <CardHeader>
        <CardTitle id="identities-title" className="flex items-center gap-2">
          <Link2 aria-hidden className="size-5 text-primary" />
          Sign-in providers
        </CardTitle>
        <CardDescription>Link your organisation’s account to sign in here with it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {linkedNow?.linked ? (
          <Alert variant="success" title={`${linkedNow.name} is now linked to your account`} />
        ) : null}
        {problem ? (
          <Alert variant="destructive" title="Linking did not complete">
            {problem}
          </Alert>
        ) : null}
        <ul className="divide-y divide-border">
          {list.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-center gap-2">
                {p.kind === 'ldap' ? (
                  <Building2 aria-hidden className="size-4" />
                ) : (
                  <LogIn aria-hidden className="size-4" />
                )}
                <span className="font-medium">{p.name}</span>
                {p.linked ? <Badge variant="success">Linked</Badge> : null}
                {p.linkedAs ? (
                  <span className="truncate text-sm text-muted-foreground">as {p.linkedAs}</span>
                ) : null}
              </div>
              {p.linked ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={unlink.isPending}
                  onClick={() =>
                    stepUp.run(
                      (secondFactorCode) => unlink.mutateAsync({ id: p.id, secondFactorCode }),
                      (e) => toastError(`Could not unlink ${p.name}`, e, 'Please try again.'),
                    )
                  }
                >
                  <Unlink aria-hidden />
                  Unlink {p.name}
                </Button>
              ) : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={link.isPending}
                  onClick={() =>
                    p.kind === 'ldap'
                      ? setDirectory(directory === p.id ? null : p.id)
                      : stepUp.run(
                          (secondFactorCode) => link.mutateAsync({ id: p.id, secondFactorCode }),
                          (e) => toastError(`Could not link ${p.name}`, e, 'Please try again.'),
                        )
                  }
                >
                  <Link2 aria-hidden />
                  Link {p.name}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {open && !open.linked ? (
          <DirectoryLinkForm provider={open} onDone={() => setDirectory(null)} />
        ) : null}
        {stepUp.dialog}
      </CardContent>
    </Card>
  );
}
