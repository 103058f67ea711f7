import { Building2, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PublicSettings } from '../../../../common/schemas/settings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useProviders } from '../api/get-providers';
import { signInProblemOf, startPath } from '../lib/sign-in-problem';
import { DirectorySignInForm } from './directory-sign-in-form';

/**
 * "Sign in with {name}" for each enabled provider, above the login and register forms, and why a
 * sign-in through one came back unfinished. Nothing at all when the site has no provider.
 */
export function ProviderSignIn({ settings, returnTo }: { settings: PublicSettings; returnTo: string }) {
  const providers = useProviders();
  const [searchParams] = useSearchParams();
  const [directory, setDirectory] = useState<string | null>(null);
  const list = providers.data ?? [];
  const problem = signInProblemOf(searchParams, list);
  if (list.length === 0 && !problem) return null;
  const open = list.find((p) => p.id === directory && p.kind === 'ldap');

  return (
    <div className="space-y-3" data-testid="provider-sign-in">
      {problem ? (
        <Alert variant="destructive" title="Sign-in did not complete">
          {problem}
        </Alert>
      ) : null}
      {list.map((p) =>
        p.kind === 'ldap' ? (
          <Button
            key={p.id}
            type="button"
            variant="outline"
            className="w-full"
            aria-expanded={directory === p.id}
            onClick={() => setDirectory(directory === p.id ? null : p.id)}
          >
            <Building2 aria-hidden />
            Sign in with {p.name}
          </Button>
        ) : (
          <Button key={p.id} asChild variant="outline" className="w-full">
            {/* A full page load: the provider's page is another site. */}
            <a href={startPath(p.id, returnTo)}>
              <LogIn aria-hidden />
              Sign in with {p.name}
            </a>
          </Button>
        ),
      )}
      {open ? <DirectorySignInForm provider={open} settings={settings} returnTo={returnTo} /> : null}
      {list.length > 0 ? (
        <p className="flex items-center gap-3 text-xs text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
          {settings.ssoOnly ? 'emergency admin only' : 'or with a password'}
        </p>
      ) : null}
    </div>
  );
}
