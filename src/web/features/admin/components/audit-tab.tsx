import { ScrollText } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../../common/schemas/audit';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { type AuditFilters, useAuditLog } from '../api/audit';
import { EmptyList, ListLoading } from './list-states';
import { Pager } from './pager';

/** How each action reads in the list. */
const ACTION_LABELS: Record<AuditAction, string> = {
  'staff.login': 'Signed in',
  'user.role_change': 'Changed a role',
  'user.password_change': "Changed a user's password",
  'user.email_change': "Changed a user's email",
  'user.second_factor_reset': "Reset a user's two-factor authentication",
  'user.passkey_add': 'Added a passkey',
  'user.passkey_remove': 'Removed a passkey',
  'user.delete': 'Deleted a user',
  'paste.delete': 'Deleted a paste',
  'paste.staff_read': 'Read a password-protected paste',
  'report.approve': 'Approved a report',
  'report.reject': 'Rejected a report',
  'report.key_read': "Read a report's shared key",
  'deletion_request.approve': 'Approved a delete request',
  'deletion_request.reject': 'Rejected a delete request',
  'license.generate': 'Generated a VIP licence',
  'license.delete': 'Deleted a VIP licence',
  'settings.update': 'Changed settings',
  'favicon.update': 'Uploaded a favicon',
  'database.export': 'Exported the database',
  'database.import': 'Imported a backup',
  'team.create': 'Created a team',
  'team.update': 'Changed a team',
  'team.delete': 'Deleted a team',
  'team.member_add': 'Added a team member',
  'team.member_role': "Changed a team member's role",
  'team.member_remove': 'Removed a team member',
  'paste.share_change': 'Changed whom a paste is shared with',
  'safety.rule_add': 'Added a content rule',
  'safety.rule_delete': 'Deleted a content rule',
  'safety.rules_import': 'Imported content rules',
  'paste.approve': 'Approved a held paste',
  'ban.add': 'Banned an account or address',
  'ban.lift': 'Lifted a ban',
  'paste.delete_by_author': 'Deleted every paste of an author',
  'collection.create': 'Created a collection',
  'collection.update': 'Changed a collection',
  'collection.delete': 'Deleted a collection',
  'collection.paste_add': 'Added a paste to a collection',
  'collection.paste_remove': 'Removed a paste from a collection',
  'collection.staff_read': 'Opened a shared collection',
};

/**
 * Where a target is shown: a paste on its page, a user in the Users tab, a report or a delete
 * request on its card in its tab (moderation-list.tsx finds the card named by the fragment).
 */
function targetPath(type: AuditEntry['targetType'], id: string): string | null {
  if (type === 'paste') return paths.paste(id);
  if (type === 'user') return paths.adminTab('users');
  if (type === 'report') return `${paths.adminTab('reports')}#item-${id}`;
  if (type === 'deletion_request') return `${paths.adminTab('delete-requests')}#item-${id}`;
  if (type === 'team') return paths.team(id);
  if (type === 'collection') return paths.collection(id);
  return null;
}

/** The target as a link while it exists and has a place to be shown. */
function Target({ entry }: { entry: AuditEntry }) {
  if (!entry.targetType || !entry.targetId) return null;
  const name = typeof entry.details?.username === 'string' ? entry.details.username : null;
  const text =
    entry.targetType === 'site'
      ? entry.targetId
      : `${entry.targetType.replace('_', ' ')} ${name ?? entry.targetId}`;
  const to = entry.targetExists ? targetPath(entry.targetType, entry.targetId) : null;
  if (!to) return <span className="text-muted-foreground">{text}</span>;
  return (
    <Link className="text-primary hover:underline" to={to}>
      {text}
    </Link>
  );
}

/** What else the entry says: changed field names, a new role, imported counts. */
function Details({ details }: { details: AuditEntry['details'] }) {
  if (!details) return null;
  const parts = Object.entries(details)
    .filter(([key]) => key !== 'username')
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
  if (parts.length === 0) return null;
  return <p className="text-xs break-words text-muted-foreground">{parts.join(' · ')}</p>;
}

const EMPTY: AuditFilters = { actor: '', action: '', target: '', from: '', to: '' };

/** The Audit tab: who did what, filtered and paged on the server, times in the reader's zone. */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const deferred = useDeferredValue(filters);
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useAuditLog(deferred, page);
  const ids = { actor: useId(), action: useId(), target: useId(), from: useId(), to: useId() };
  const set = (patch: Partial<AuditFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-label="Audit log" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-1.5">
          <Label htmlFor={ids.actor}>Actor</Label>
          <Input
            id={ids.actor}
            placeholder="Username"
            value={filters.actor}
            onChange={(e) => set({ actor: e.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.action}>Action</Label>
          <NativeSelect
            id={ids.action}
            value={filters.action}
            onChange={(e) => set({ action: e.target.value as AuditAction | '' })}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.target}>Target id</Label>
          <Input
            id={ids.target}
            placeholder="Paste or user id"
            value={filters.target}
            onChange={(e) => set({ target: e.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.from}>From</Label>
          <Input
            id={ids.from}
            type="date"
            value={filters.from}
            onChange={(e) => set({ from: e.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.to}>To</Label>
          <Input id={ids.to} type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
        </div>
      </div>
      {isPending ? (
        <ListLoading />
      ) : isError || !data ? (
        <p className="text-sm text-destructive">The audit log could not be loaded.</p>
      ) : data.entries.length === 0 ? (
        <EmptyList icon={ScrollText}>No staff actions match</EmptyList>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            {data.total} {data.total === 1 ? 'entry' : 'entries'}, newest first; times in your time zone.
          </p>
          <ol className="space-y-2">
            {data.entries.map((entry) => (
              <li key={entry.id}>
                <Card>
                  <CardContent className="space-y-1 p-3 text-sm">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <time dateTime={entry.at} className="text-xs text-muted-foreground tabular-nums">
                        {formatDateTime(entry.at)}
                      </time>
                      <span className="font-semibold">{entry.actorUsername}</span>
                      <Badge variant="outline">{ACTION_LABELS[entry.action]}</Badge>
                      <Target entry={entry} />
                    </div>
                    <Details details={entry.details} />
                    <p className="text-xs text-muted-foreground">
                      from {entry.ip} · request {entry.requestId}
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ol>
          <Pager page={page} pages={pages} setPage={setPage} />
        </>
      )}
    </section>
  );
}
