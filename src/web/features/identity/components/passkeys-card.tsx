import { useQueryClient } from '@tanstack/react-query';
import { Fingerprint, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PASSKEY_MESSAGES } from '../../../../common/messages';
import type { Passkey } from '../../../../common/schemas/passkeys';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast, toastError } from '../../../components/ui/toast-store';
import { formatDateTime } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { addPasskey, removePasskey, usePasskeys, useRenamePasskey } from '../api/passkeys';
import { cancelled, passkeysSupported } from '../lib/webauthn';
import { useStepUp } from './step-up';

/**
 * Account → Security: the person's passkeys. Each signs in alone or serves as the second factor;
 * adding one to an account with a factor, and removing one, ask for a fresh check first.
 */
export function PasskeysCard() {
  const list = usePasskeys();
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });
    void queryClient.invalidateQueries({ queryKey: queryKeys.secondFactor });
  };

  function onAdd(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      toast({
        title: 'Could not add the passkey',
        description: PASSKEY_MESSAGES.nameRequired,
        variant: 'destructive',
      });
      return;
    }
    stepUp.run(
      (code) => {
        setBusy(true);
        return addPasskey(trimmed, code)
          .then(() => {
            setName('');
            refresh();
            toast({ title: 'Passkey added', description: `“${trimmed}” can now sign you in.` });
          })
          .finally(() => setBusy(false));
      },
      (error) => {
        if (!cancelled(error)) toastError('Could not add the passkey', error, 'Please try again.');
      },
    );
  }

  function onRemove(key: Passkey) {
    setRemoving(null);
    stepUp.run(
      (code) => removePasskey(key.id, code).then(refresh),
      (error) => toastError('Could not remove the passkey', error, 'Please try again.'),
    );
  }

  return (
    <Card aria-labelledby="passkeys-title">
      <CardHeader>
        <CardTitle id="passkeys-title" className="flex items-center gap-2">
          <Fingerprint aria-hidden className="size-5 text-primary" />
          Passkeys
        </CardTitle>
        <CardDescription>
          Sign in with your device’s screen lock or a security key instead of a password, or use one as your
          second factor.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {list.isPending ? (
          <LoadingBlock />
        ) : list.data && list.data.passkeys.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label="Your passkeys">
            {list.data.passkeys.map((key) => (
              <PasskeyRow key={key.id} passkey={key} onRemove={() => setRemoving(key)} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        )}
        {passkeysSupported() ? (
          <form
            onSubmit={onAdd}
            noValidate
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            aria-label="Add a passkey"
          >
            <div className="flex-1">
              <Field
                label="Passkey name"
                name="passkeyName"
                placeholder="e.g. Work laptop"
                maxLength={60}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? 'Waiting for your device...' : 'Add a passkey'}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">This browser cannot create passkeys.</p>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title="Remove this passkey?"
        description={`“${removing?.name ?? ''}” will no longer sign you in. Remove it from the device too.`}
        confirmLabel="Remove passkey"
        onConfirm={() => removing && onRemove(removing)}
      />
      {stepUp.dialog}
    </Card>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);

  function onSave(event: FormEvent) {
    event.preventDefault();
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => toastError('Could not rename the passkey', error, 'Please try again.'),
      },
    );
  }

  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      {editing ? (
        <form
          onSubmit={onSave}
          noValidate
          className="flex flex-1 flex-wrap items-end gap-2"
          aria-label="Rename passkey"
        >
          <div className="min-w-40 flex-1">
            <Field
              label="New name"
              name="rename"
              maxLength={60}
              value={name}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={rename.isPending}>
            Save
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{passkey.name}</p>
            <p className="text-xs text-muted-foreground">
              Added {formatDateTime(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'never used'}
            </p>
          </div>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={`Rename ${passkey.name}`}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={`Remove ${passkey.name}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden />
          </Button>
        </>
      )}
    </li>
  );
}
