import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { useTeams } from '../api/get-teams';

/** Whom a shared paste or collection names: people by username, teams by address and name. */
export interface Grantees {
  users: { username: string }[];
  teams: { slug: string; name: string }[];
}

/** What the share routes take: usernames and team addresses. */
export const namesOfGrantees = (g: Grantees): { users: string[]; teams: string[] } => ({
  users: g.users.map((u) => u.username),
  teams: g.teams.map((t) => t.slug),
});

/**
 * The people and teams something shared names, as chips that can be removed, with a field to add
 * a person by username and a choice of the reader's own teams. It only reports the list it would
 * become (`onChange`): the caller saves at once or with its form. No form of its own, so it can sit
 * inside one (Enter in the field adds the person, it does not submit the outer form).
 */
export function GranteeEditor({
  grantees,
  editable,
  busy = false,
  nobody,
  onChange,
}: {
  grantees: Grantees;
  editable: boolean;
  busy?: boolean;
  /** Said when it names nobody. */
  nobody: string;
  onChange(next: Grantees, done?: () => void): void;
}) {
  const myTeams = useTeams(editable);
  const [username, setUsername] = useState('');
  const fieldId = useId();

  function addPerson() {
    const name = username.trim();
    if (!name || grantees.users.some((u) => u.username === name)) return;
    onChange({ ...grantees, users: [...grantees.users, { username: name }] }, () => setUsername(''));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addPerson();
  }

  const teamChoices = (myTeams.data?.teams ?? []).filter(
    (t) => !grantees.teams.some((g) => g.slug === t.slug),
  );

  return (
    <div className="space-y-3">
      {grantees.users.length + grantees.teams.length === 0 ? (
        <p className="text-muted-foreground">{nobody}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {grantees.users.map((u) => (
            <li key={`u-${u.username}`}>
              <Chip
                label={u.username}
                onRemove={
                  editable
                    ? () =>
                        onChange({
                          ...grantees,
                          users: grantees.users.filter((g) => g.username !== u.username),
                        })
                    : undefined
                }
              />
            </li>
          ))}
          {grantees.teams.map((t) => (
            <li key={`t-${t.slug}`}>
              <Chip
                label={`${t.name} (team)`}
                onRemove={
                  editable
                    ? () => onChange({ ...grantees, teams: grantees.teams.filter((g) => g.slug !== t.slug) })
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-1 items-end gap-2">
            <div className="flex-1 space-y-1.5">
              <Label htmlFor={fieldId}>Add a person (username)</Label>
              <Input
                id={fieldId}
                value={username}
                autoComplete="off"
                onChange={(e) => setUsername(e.target.value)}
                onKeyDown={onKeyDown}
              />
            </div>
            <Button type="button" variant="outline" disabled={busy} onClick={addPerson}>
              Add
            </Button>
          </div>
          {teamChoices.length > 0 ? (
            <NativeSelect
              aria-label="Add a team"
              value=""
              className="sm:w-48"
              onChange={(e) => {
                const team = teamChoices.find((t) => t.slug === e.target.value);
                if (team)
                  onChange({ ...grantees, teams: [...grantees.teams, { slug: team.slug, name: team.name }] });
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
    </div>
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
