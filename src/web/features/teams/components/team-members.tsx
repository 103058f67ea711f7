import { useQuery } from '@tanstack/react-query';
import { UserMinus, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { TeamRole } from '../../../../common/constants';
import type { TeamDetail } from '../../../../common/schemas/teams';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/select';
import { toastError } from '../../../components/ui/toast-store';
import { formatDateTime } from '../../../lib/format';
import { providersQueryOptions } from '../../identity/api/get-providers';
import { usePutTeamMember } from '../api/put-team-member';
import { useRemoveTeamMember } from '../api/remove-team-member';

/**
 * A team's members; owners and staff (`manage`) add people by username, change roles and remove
 * them, and anyone may leave.
 */
export function TeamMembers({ detail, manage, me }: { detail: TeamDetail; manage: boolean; me: string }) {
  const slug = detail.team.slug;
  const put = usePutTeamMember(slug);
  const remove = useRemoveTeamMember(slug);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<TeamRole>('member');
  // Names for the providers whose groups made memberships (a disabled one is named by its id).
  const synced = detail.members.some((m) => m.syncedFrom !== null);
  const providers = useQuery({ ...providersQueryOptions(), enabled: synced });
  const providerName = (id: string) => providers.data?.find((p) => p.id === id)?.name ?? id;

  function onAdd(event: FormEvent) {
    event.preventDefault();
    if (!username.trim()) return;
    put.mutate(
      { username: username.trim(), role },
      { onSuccess: () => setUsername(''), onError: (e) => toastError('Could not add the member', e) },
    );
  }

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Members">
        {detail.members.map((m) => {
          const self = m.username.toLowerCase() === me.toLowerCase();
          return (
            <li key={m.username} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div>
                <span className="font-medium">{m.username}</span>{' '}
                <Badge variant={m.role === 'owner' ? 'default' : 'outline'}>
                  {m.role === 'owner' ? 'Owner' : 'Member'}
                </Badge>{' '}
                {m.syncedFrom === null ? null : (
                  <Badge
                    variant="outline"
                    title="Joined through a sign-in group: follows the group at each sign-in"
                  >
                    From {providerName(m.syncedFrom)}
                  </Badge>
                )}
                <p className="text-xs text-muted-foreground">Added {formatDateTime(m.addedAt)}</p>
              </div>
              <div className="flex gap-2">
                {manage ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={put.isPending}
                    onClick={() =>
                      put.mutate(
                        { username: m.username, role: m.role === 'owner' ? 'member' : 'owner' },
                        { onError: (e) => toastError('Could not change the role', e) },
                      )
                    }
                  >
                    {m.role === 'owner' ? 'Make member' : 'Make owner'}
                  </Button>
                ) : null}
                {manage || self ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(m.username, {
                        onError: (e) => toastError('Could not remove the member', e),
                      })
                    }
                  >
                    <UserMinus aria-hidden />
                    {self ? 'Leave' : 'Remove'}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {manage ? (
        <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={onAdd}>
          <div className="flex-1">
            <Field label="Add by username" value={username} onChange={(e) => setUsername(e.target.value)} />
          </div>
          <NativeSelect
            aria-label="Role"
            value={role}
            onChange={(e) => setRole(e.target.value as TeamRole)}
            className="sm:w-32"
          >
            <option value="member">Member</option>
            <option value="owner">Owner</option>
          </NativeSelect>
          <Button type="submit" disabled={put.isPending}>
            <UserPlus aria-hidden />
            Add
          </Button>
        </form>
      ) : null}
    </div>
  );
}
