import type { ShareHistoryEntry } from '../../../../common/schemas/teams';
import { formatDateTime } from '../../../lib/format';
import { useShareHistory } from '../api/get-share-history';

/** "added alice and team ops; removed bob": people by username, teams by address. */
function describe(change: ShareHistoryEntry): string {
  const names = (users: string[], teams: string[]) => [...users, ...teams.map((t) => `team ${t}`)].join(', ');
  const parts: string[] = [];
  if (change.addedUsers.length + change.addedTeams.length > 0)
    parts.push(`added ${names(change.addedUsers, change.addedTeams)}`);
  if (change.removedUsers.length + change.removedTeams.length > 0)
    parts.push(`removed ${names(change.removedUsers, change.removedTeams)}`);
  return parts.join('; ');
}

/** The paste's share changes from the audit log, newest first: who added or removed whom, and when. */
export function ShareHistoryList({ pasteId }: { pasteId: string }) {
  const history = useShareHistory(pasteId);
  const changes = history.data?.changes;
  return (
    <div className="space-y-1 border-t border-border pt-3">
      <h3 id="share-history-title" className="font-medium">
        Share history
      </h3>
      {history.isError ? (
        <p className="text-muted-foreground">The share history could not be loaded.</p>
      ) : null}
      {changes?.length === 0 ? <p className="text-muted-foreground">No changes yet.</p> : null}
      {changes?.length ? (
        <ol aria-labelledby="share-history-title" className="space-y-1">
          {changes.map((c) => (
            <li key={`${c.at}-${describe(c)}`} className="break-words">
              <span className="font-medium">{c.by}</span> {describe(c)}{' '}
              <time dateTime={c.at} className="text-xs text-muted-foreground">
                · {formatDateTime(c.at)}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
