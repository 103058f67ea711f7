import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import type { ProviderDraft } from '../lib/provider-draft';

const KIND_NAMES = { oidc: 'OpenID Connect', github: 'GitHub', ldap: 'LDAP directory' } as const;

type TextKey = {
  [K in keyof ProviderDraft]: ProviderDraft[K] extends string ? K : never;
}[keyof ProviderDraft];

/**
 * One provider's fields, by its kind. A provider set in the environment is shown read-only (its
 * operator changes it there); a stored secret is never shown, only said to be set.
 */
export function ProviderEditor({
  draft,
  siteOrigin,
  onChange,
  onRemove,
}: {
  draft: ProviderDraft;
  siteOrigin: string | null;
  onChange: (patch: Partial<ProviderDraft>) => void;
  onRemove: () => void;
}) {
  const switchId = useId();
  const fixed = draft.source === 'environment';
  const text = (key: TextKey, label: string, hint?: string, type?: string) => (
    <Field
      label={label}
      hint={hint}
      type={type}
      autoComplete="off"
      spellCheck={false}
      readOnly={fixed}
      value={draft[key]}
      onChange={(e) => onChange({ [key]: e.target.value })}
    />
  );
  const secretHint = draft.secretSet ? 'A secret is stored. Leave empty to keep it.' : undefined;
  const redirectUri = siteOrigin ? `${siteOrigin}/api/auth/oidc/${draft.id || '{id}'}/callback` : null;

  return (
    <fieldset
      className="space-y-4 rounded-lg border border-border p-4"
      aria-label={`${draft.name || 'New provider'} (${KIND_NAMES[draft.kind]})`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{draft.name || 'New provider'}</span>
          <Badge variant="outline">{KIND_NAMES[draft.kind]}</Badge>
          {fixed ? <Badge>Set in the environment</Badge> : null}
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={draft.enabled}
            disabled={fixed}
            onCheckedChange={(on) => onChange({ enabled: on })}
          />
          <Label htmlFor={switchId}>Enabled</Label>
          {fixed ? null : (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove ${draft.name || 'provider'}`}
              onClick={onRemove}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text(
          'id',
          'Id',
          `Lower-case letters, digits and hyphens${draft.kind === 'ldap' ? '' : '; part of the redirect URI'}.`,
        )}
        {text('name', 'Name', 'Shown as "Sign in with {name}".')}
        {draft.kind === 'oidc'
          ? text('issuer', 'Issuer URL', 'e.g. https://sso.example.com/realms/staff')
          : null}
        {draft.kind === 'ldap'
          ? text('url', 'Directory URL', 'ldaps://… or ldap://… (upgraded with StartTLS)')
          : null}
        {draft.kind === 'ldap' ? null : text('clientId', 'Client ID')}
        {draft.kind === 'ldap' ? null : text('secret', 'Client secret', secretHint, 'password')}
        {draft.kind === 'ldap'
          ? text('bindDn', 'Search account (bind DN)', 'Empty: an anonymous search.')
          : null}
        {draft.kind === 'ldap' ? text('secret', 'Search account password', secretHint, 'password') : null}
        {draft.kind === 'ldap' ? text('searchBase', 'Search base', 'e.g. ou=people,dc=example,dc=org') : null}
        {draft.kind === 'ldap'
          ? text('searchFilter', 'Search filter', '{username} is what the person types.')
          : null}
        {draft.kind === 'ldap' ? text('usernameAttribute', 'Username attribute') : null}
        {draft.kind === 'ldap' ? text('emailAttribute', 'Email attribute') : null}
        {draft.kind === 'ldap' ? text('groupAttribute', 'Group attribute', 'e.g. memberOf') : null}
        {draft.kind === 'oidc'
          ? text('scopes', 'Scopes', 'Space separated; openid is always asked for.')
          : null}
        {draft.kind === 'oidc' ? text('usernameClaim', 'Username claim') : null}
        {draft.kind === 'oidc' ? text('groupsClaim', 'Groups claim') : null}
      </div>
      {draft.kind === 'ldap' ? (
        <div className="space-y-2">
          <Label htmlFor={`${switchId}-ca`}>CA certificate (PEM, optional)</Label>
          <Textarea
            id={`${switchId}-ca`}
            rows={3}
            readOnly={fixed}
            spellCheck={false}
            className="font-mono text-xs"
            value={draft.caCert}
            onChange={(e) => onChange({ caCert: e.target.value })}
          />
        </div>
      ) : null}
      {draft.kind === 'github' ? null : (
        <div className="space-y-2">
          <Label htmlFor={`${switchId}-roles`}>Group → role</Label>
          <Textarea
            id={`${switchId}-roles`}
            rows={3}
            readOnly={fixed}
            spellCheck={false}
            placeholder={'paste-admins = admin\npaste-mods = manager'}
            className="font-mono text-xs"
            value={draft.roleMap}
            onChange={(e) => onChange({ roleMap: e.target.value })}
          />
          <p className="text-xs text-muted-foreground">
            One "group = role" a line, applied at every sign-in (when role management is on). A role listed
            here goes back to user when the person is in none of its groups.
          </p>
          <Label htmlFor={`${switchId}-teams`}>Group → team</Label>
          <Textarea
            id={`${switchId}-teams`}
            rows={3}
            readOnly={fixed}
            spellCheck={false}
            placeholder={'ops-staff = ops\nengineering = dev'}
            className="font-mono text-xs"
            value={draft.teamMap}
            onChange={(e) => onChange({ teamMap: e.target.value })}
          />
          <p className="text-xs text-muted-foreground">
            One "group = team address" a line. At every sign-in the person joins the team of each group they
            are in, and leaves it when no longer in the group — unless an owner added them by hand.
          </p>
        </div>
      )}
      {redirectUri && draft.kind !== 'ldap' ? (
        <div className="flex items-center gap-2 rounded-md bg-muted p-2 text-xs">
          <span className="text-muted-foreground">Redirect URI</span>
          <code className="min-w-0 flex-1 break-all">{redirectUri}</code>
          <CopyButton text={redirectUri} label="Copy the redirect URI" />
        </div>
      ) : null}
    </fieldset>
  );
}
