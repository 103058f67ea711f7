import { Users, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { PasteShares } from '../../../../common/schemas/teams';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/select';
import { toastError } from '../../../components/ui/toast-store';
import { usePasteShares } from '../api/get-paste-shares';
import { useTeams } from '../api/get-teams';
import { usePutPasteShares } from '../api/put-paste-shares';

const namesOf = (s: PasteShares) => ({
  users: s.users.map((u) => u.username),
  teams: s.teams.map((t) => t.slug),
});

/**
 * Whom a shared paste names: its author adds and removes people (by username) and their own
 * teams, each change saved at once; staff see the list.
 */
export function SharePanel({ pasteId, editable }: { pasteId: string; editable: boolean }) {
  const shares = usePasteShares(pasteId, true);
  const myTeams = useTeams(editable);
  const save = usePutPasteShares(pasteId);
  const [username, setUsername] = useState('');
  const current = shares.data;

  function change(next: { users: string[]; teams: string[] }, done?: () => void) {
    save.mutate(next, { onSuccess: done, onError: (e) => toastError('Could not change the sharing', e) });
  }

  function onAddPerson(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    if (!current || !name) return;
    const names = namesOf(current);
    change({ ...names, users: [...names.users, name] }, () => setUsername(''));
  }

  const teamChoices = (myTeams.data?.teams ?? []).filter(
    (t) => !current?.teams.some((s) => s.slug === t.slug),
  );

  return (
    <section
      aria-labelledby="share-panel-title"
      className="space-y-3 rounded-lg border border-border bg-muted/30 p-4 text-sm"
      data-testid="share-panel"
    >
      <h2 id="share-panel-title" className="flex items-center gap-2 font-semibold">
        <Users aria-hidden className="size-4 text-primary" />
        Shared with
      </h2>
      {!current ? null : current.users.length + current.teams.length === 0 ? (
        <p className="text-muted-foreground">
          Nobody yet: only you{editable ? '' : ' (and staff)'} can read it.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {current.users.map((u) => (
            <li key={`u-${u.username}`}>
              <Chip
                label={u.username}
                onRemove={
                  editable
                    ? () =>
                        change({
                          ...namesOf(current),
                          users: namesOf(current).users.filter((n) => n !== u.username),
                        })
                    : undefined
                }
              />
            </li>
          ))}
          {current.teams.map((t) => (
            <li key={`t-${t.slug}`}>
              <Chip
                label={`${t.name} (team)`}
                onRemove={
                  editable
                    ? () =>
                        change({
                          ...namesOf(current),
                          teams: namesOf(current).teams.filter((n) => n !== t.slug),
                        })
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {editable && current ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <form className="flex flex-1 items-end gap-2" onSubmit={onAddPerson}>
            <div className="flex-1">
              <Field
                label="Add a person (username)"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" disabled={save.isPending}>
              Add
            </Button>
          </form>
          {teamChoices.length > 0 ? (
            <NativeSelect
              aria-label="Add a team"
              value=""
              className="sm:w-48"
              onChange={(e) => {
                const names = namesOf(current);
                if (e.target.value) change({ ...names, teams: [...names.teams, e.target.value] });
              }}
            >
              <option value="">Add a team…</option>
              {teamChoices.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.name}
                </option>
              ))}
            </NativeSelect>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function Chip({ label, onRemove }: { label: string; onRemove?: () => void }) {
  return (
    <Badge variant="outline" className="gap-1 py-1">
      {label}
      {onRemove ? (
        <button
          type="button"
          aria-label={`Remove ${label}`}
          className="rounded hover:text-foreground"
          onClick={onRemove}
        >
          <X aria-hidden className="size-3" />
        </button>
      ) : null}
    </Badge>
  );
}
