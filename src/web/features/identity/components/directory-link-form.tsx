import { Link2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { IDENTITY_MESSAGES, type PublicProvider } from '../../../../common/schemas/identity';
import { Button } from '../../../components/ui/button';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useLinkDirectory } from '../api/identities';
import { useDirectoryCredentials } from './directory-credentials';
import { useStepUp } from './step-up';

/** Links a directory account to this one: its password goes to the directory only. */
export function DirectoryLinkForm({ provider, onDone }: { provider: PublicProvider; onDone: () => void }) {
  const link = useLinkDirectory();
  const stepUp = useStepUp();
  const credentials = useDirectoryCredentials(provider);
  const failed = `Could not link ${provider.name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = credentials.take(failed);
    if (!typed) return;
    stepUp.run(
      (secondFactorCode) =>
        link.mutateAsync({ id: provider.id, ...typed, secondFactorCode }).then(() => {
          toast({ title: `${provider.name} linked`, variant: 'success' });
          onDone();
        }),
      (error) => toastError(failed, error, IDENTITY_MESSAGES.invalidCredentials),
    );
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-border p-4">
        {credentials.fields}
        <Button type="submit" disabled={link.isPending}>
          <Link2 aria-hidden />
          Link {provider.name}
        </Button>
      </form>
      {stepUp.dialog}
    </>
  );
}
