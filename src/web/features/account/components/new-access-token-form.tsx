import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type Role, TOKEN_SCOPES, type TokenScope } from '../../../../common/constants';
import { canGrantScope } from '../../../../common/policies';
import { TOKEN_SCOPE_DESCRIPTIONS } from '../../../../common/schemas/access-tokens';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { toastError } from '../../../components/ui/toast-store';
import { useStepUp } from '../../identity';
import { useCreateAccessToken } from '../api/create-access-token';

const EXPIRIES = [
  ['30', '30 days'],
  ['7', '7 days'],
  ['90', '90 days'],
  ['365', '1 year'],
  ['never', 'Never'],
] as const;

/** Name, scopes and expiry of a new token; the token itself goes to `onCreated`, shown once there. */
export function NewAccessTokenForm({ role, onCreated }: { role: Role; onCreated: (token: string) => void }) {
  const create = useCreateAccessToken();
  const stepUp = useStepUp();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['pastes:read']);
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number][0]>('30');
  const expiryId = useId();
  const offered = TOKEN_SCOPES.filter((scope) => canGrantScope(role, scope));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { name, scopes, expiresInDays: expiry === 'never' ? null : Number(expiry) };
    stepUp.run(
      (secondFactorCode) =>
        create.mutateAsync({ ...body, secondFactorCode }).then((answer) => {
          setName('');
          onCreated(answer.token);
        }),
      (error) => toastError('Token not created', error, 'Could not create the token.'),
    );
  }

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="New access token">
      <Field
        label="Token name"
        hint="What it is for, e.g. “CI deploys”."
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
        aria-required
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Scopes</legend>
        {offered.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="scope"
              value={scope}
              className="mt-0.5 size-4 accent-primary"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <span>
              <code className="font-mono">{scope}</code>
              <span className="block text-xs text-muted-foreground">{TOKEN_SCOPE_DESCRIPTIONS[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="space-y-2">
        <Label htmlFor={expiryId}>Expires after</Label>
        <NativeSelect
          id={expiryId}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value as typeof expiry)}
        >
          {EXPIRIES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={create.isPending}>
        <Plus aria-hidden />
        {create.isPending ? 'Creating...' : 'Create Token'}
      </Button>
      {stepUp.dialog}
    </form>
  );
}
