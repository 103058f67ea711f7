import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import type { TopPeriod } from '../../../../common/schemas/paste';
import { AuthorBadge } from '../../../components/author-badge';
import { LoadingBlock } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatCountOf, formatDateTime, formatRelativeTime } from '../../../lib/format';
import { pasteTitle } from '../../../lib/paste-title';
import { useTopPastes } from '../api/get-top-pastes';
import { Rank } from './rank';

/** One period's board: rank, title or 'Paste #id', views, relative time, author. */
export function TopPastesList({ period }: { period: TopPeriod }) {
  const { data, isPending, isError, error } = useTopPastes(period);
  if (isPending) return <LoadingBlock label="Loading top pastes..." />;
  if (isError)
    return <p className="text-sm text-destructive">{errorMessage(error, 'Could not load pastes')}</p>;
  if (data.pastes.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-10 text-center text-sm text-muted-foreground">
        No public pastes with views for this period yet
      </p>
    );
  }
  return (
    <ol className="divide-y divide-border rounded-xl border border-border bg-card" aria-label="Top pastes">
      {data.pastes.map((paste, index) => (
        <li key={paste.id} className="flex items-center gap-4 p-4">
          <Rank rank={index + 1} />
          <div className="min-w-0 flex-1 space-y-1">
            <Link
              to={paths.paste(paste.id)}
              className="block truncate font-medium hover:text-primary hover:underline"
            >
              {pasteTitle(paste)}
            </Link>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <AuthorBadge username={paste.username} role={paste.role} />
              <time dateTime={paste.createdAt} title={formatDateTime(paste.createdAt)}>
                {formatRelativeTime(paste.createdAt)}
              </time>
            </div>
          </div>
          <span className="inline-flex items-center gap-1 text-sm font-semibold tabular-nums">
            <Eye aria-hidden className="size-4 text-muted-foreground" />
            <span aria-hidden>{formatCount(paste.viewCount)}</span>
            <span className="sr-only">{formatCountOf(paste.viewCount, 'view')}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
