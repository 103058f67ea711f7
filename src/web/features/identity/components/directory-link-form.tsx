import { Link2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { IDENTITY_MESSAGES, type PublicProvider } from '../../../../common/schemas/identity';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useLinkDirectory } from '../api/identities';
import { useStepUp } from './step-up';

/** Links a directory account to this one: its password goes to the directory only. */
export function DirectoryLinkForm({ provider, onDone }: { provider: PublicProvider; onDone: () => void }) {
  const link = useLinkDirectory();
  const stepUp = useStepUp();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const failed = `Could not link ${provider.name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      toast({ title: failed, description: IDENTITY_MESSAGES.missingFields, variant: 'destructive' });
      return;
    }
    stepUp.run(
      (secondFactorCode) =>
        link
          .mutateAsync({ id: provider.id, username: username.trim(), password, secondFactorCode })
          .then(() => {
            toast({ title: `${provider.name} linked`, variant: 'success' });
            onDone();
          }),
      (error) => toastError(failed, error, IDENTITY_MESSAGES.invalidCredentials),
    );
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-border p-4">
        <Field
          label={`${provider.name} username`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Field
          label={`${provider.name} password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={link.isPending}>
          <Link2 aria-hidden />
          Link {provider.name}
        </Button>
      </form>
      {stepUp.dialog}
    </>
  );
}
