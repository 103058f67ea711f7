import { Plus, Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { IdentityAdminView, IdentityKind } from '../../../../common/schemas/identity';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useAdminIdentity, useUpdateIdentity } from '../api/admin-identity';
import { draftOf, inputOf, newDraft, type ProviderDraft } from '../lib/provider-draft';
import { ProviderEditor } from './provider-editor';

const ADD: [IdentityKind, string][] = [
  ['oidc', 'Add OpenID Connect'],
  ['github', 'Add GitHub'],
  ['ldap', 'Add LDAP directory'],
];

function Toggle(props: { label: string; effect: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p className="text-sm font-medium" id={id}>
          {props.label}
        </p>
        <p className="text-xs text-muted-foreground" id={`${id}-effect`}>
          {props.effect}
        </p>
      </div>
      <Switch
        aria-labelledby={id}
        aria-describedby={`${id}-effect`}
        checked={props.checked}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}

function Form({ view }: { view: IdentityAdminView }) {
  const update = useUpdateIdentity();
  const [drafts, setDrafts] = useState(() => view.providers.map(draftOf));
  const [switches, setSwitches] = useState({
    ssoOnly: view.ssoOnly,
    ssoBreakGlassAdmin: view.ssoBreakGlassAdmin,
    ssoExistingAccountsOnly: view.ssoExistingAccountsOnly,
  });
  // A save answers the stored state: secrets typed are now "set", and the fields empty again.
  useEffect(() => setDrafts(view.providers.map(draftOf)), [view]);
  const patch = (key: string, change: Partial<ProviderDraft>) =>
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...change } : d)));

  function save() {
    const inputs = drafts.filter((d) => d.source === 'panel').map(inputOf);
    const problem = inputs.find((i) => 'error' in i);
    if (problem && 'error' in problem) {
      toast({ title: 'Not saved', description: problem.error, variant: 'destructive' });
      return;
    }
    const providers = inputs.flatMap((i) => ('input' in i ? [i.input] : []));
    update.mutate(
      { providers, ...switches, ssoBreakGlassAdmin: switches.ssoBreakGlassAdmin.trim() },
      {
        onSuccess: () => toast({ title: 'Sign-in settings saved', variant: 'success' }),
        onError: (err) => toastError('Not saved', err, 'Failed to save the sign-in settings.'),
      },
    );
  }

  return (
    <div className="space-y-4">
      <Toggle
        label="SSO only"
        effect="Everyone signs in through a provider below; only the emergency admin account keeps its password, and nobody registers with one."
        checked={switches.ssoOnly}
        onChange={(on) => setSwitches((s) => ({ ...s, ssoOnly: on }))}
      />
      <Field
        label="Emergency admin (username)"
        hint="An admin account that keeps signing in with its password when SSO only is on, for when a provider is down."
        autoComplete="off"
        value={switches.ssoBreakGlassAdmin}
        onChange={(e) => setSwitches((s) => ({ ...s, ssoBreakGlassAdmin: e.target.value }))}
      />
      <Toggle
        label="Only existing accounts"
        effect="A first sign-in through a provider finds an account (linked, or by an address the provider has verified) but never creates one."
        checked={switches.ssoExistingAccountsOnly}
        onChange={(on) => setSwitches((s) => ({ ...s, ssoExistingAccountsOnly: on }))}
      />
      {drafts.map((d) => (
        <ProviderEditor
          key={d.key}
          draft={d}
          siteOrigin={view.siteOrigin}
          onChange={(change) => patch(d.key, change)}
          onRemove={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        {ADD.map(([kind, label]) => (
          <Button
            key={kind}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setDrafts((all) => [...all, newDraft(kind)])}
          >
            <Plus aria-hidden />
            {label}
          </Button>
        ))}
      </div>
      <Button type="button" disabled={update.isPending} onClick={save}>
        <Save aria-hidden />
        Save Sign-in Settings
      </Button>
    </div>
  );
}

/** Settings → Security, sign-in part: providers, group → role maps, SSO only, only existing accounts. */
export function IdentitySettings() {
  const view = useAdminIdentity();
  return (
    <div className="space-y-3 border-t border-border pt-4">
      <h3 className="font-medium">Sign-in providers</h3>
      <p className="text-xs text-muted-foreground">
        OpenID Connect (Keycloak, Authentik, Entra ID, Google, GitLab…), GitHub, and LDAP directories.
        Providers set in the OIDC_PROVIDERS or LDAP_PROVIDERS environment variables are shown read-only.
      </p>
      {view.data ? <Form view={view.data} /> : <LoadingBlock />}
    </div>
  );
}
