import { Link } from 'react-router';
import type { RevisionSummary } from '../../../../common/schemas/responses';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { formatCount, formatDateTime, formatRelativeTime, formatSize } from '../../../lib/format';

/** Lines added and removed against the revision before (not counted for a paste over 10 MB). */
function LineCounts({ added, removed }: { added: number | null; removed: number | null }) {
  if (added === null || removed === null) {
    return <span className="text-muted-foreground">lines not counted</span>;
  }
  return (
    <>
      <span
        className="font-medium text-green-700 dark:text-success"
        title={`${formatCount(added)} lines added`}
      >
        +{formatCount(added)}
        <span className="sr-only"> lines added</span>
      </span>
      <span className="font-medium text-destructive" title={`${formatCount(removed)} lines removed`}>
        −{formatCount(removed)}
        <span className="sr-only"> lines removed</span>
      </span>
    </>
  );
}

/** Every revision, newest first: its link, when it was saved, its size and lines added and removed. */
export function RevisionList({ pasteId, revisions }: { pasteId: string; revisions: RevisionSummary[] }) {
  const newest = revisions.at(-1)?.number;
  return (
    <ol className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Revisions">
      {[...revisions].reverse().map((revision) => (
        // A phone: name and badges over the time, sizes at the right; wider: one line.
        <li
          key={revision.number}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-0.5 px-4 py-3 text-sm sm:flex"
          data-testid="revision-row"
        >
          <span className="flex items-center gap-2">
            <Link
              to={paths.pasteRevision(pasteId, revision.number)}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Revision {revision.number}
            </Link>
            {revision.number === newest ? (
              <Badge variant="outline" className="text-foreground">
                Newest
              </Badge>
            ) : null}
            {revision.number === 1 ? <Badge variant="outline">Original</Badge> : null}
          </span>
          <span className="col-start-2 row-span-2 row-start-1 flex flex-col items-end gap-0.5 tabular-nums sm:order-last sm:ml-auto sm:flex-row sm:items-center sm:gap-3">
            <span className="text-muted-foreground">{formatSize(revision.sizeBytes)}</span>
            <span className="flex gap-3">
              <LineCounts added={revision.linesAdded} removed={revision.linesRemoved} />
            </span>
          </span>
          <time
            className="col-start-1 text-muted-foreground"
            dateTime={revision.createdAt}
            title={formatDateTime(revision.createdAt)}
          >
            {formatRelativeTime(revision.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
