import { Copy, Download, FileText, GitCompareArrows, History } from 'lucide-react';
import { Link } from 'react-router';
import { PASTE_MESSAGES } from '../../../../common/messages';
import type { RevisionView } from '../../../../common/schemas/responses';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime, formatSize } from '../../../lib/format';
import { pasteTitle } from '../../../lib/paste-title';
import { filesOf, type PasteContent, type PasteFiles } from '../../pastes';
import { useRevision } from '../api/get-revision';
import { revisionDownloadUrl, revisionRawUrl } from '../lib/revision-links';
import { RevisionFailure } from './revision-failure';

function RevisionHeader({ pasteId, revision }: { pasteId: string; revision: RevisionView }) {
  const newest = revision.number === revision.revisionCount;
  return (
    <header className="space-y-3">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
        {pasteTitle({ id: pasteId, title: revision.title })}
      </h1>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span data-testid="revision-meta">
          Revision {revision.number} of {revision.revisionCount}
          {' · '}
          <time dateTime={revision.createdAt} title={formatDateTime(revision.createdAt)}>
            {formatRelativeTime(revision.createdAt)}
          </time>
        </span>
        <span>{formatSize(revision.sizeBytes)}</span>
      </p>
      <Alert variant={newest ? 'info' : 'warning'} data-testid="revision-note">
        {newest ? (
          <>This is the newest revision: the paste shows it. </>
        ) : (
          <>An earlier revision, kept as it was shared. </>
        )}
        <Link to={paths.paste(pasteId)} className="font-medium text-primary underline underline-offset-4">
          {newest ? 'Open the paste' : 'See the newest revision'}
        </Link>
      </Alert>
    </header>
  );
}

/** The Revisions screen comparing revision `n` with the newest (its ?from=&to=). */
function compareWithNewest(pasteId: string, n: number, newest: number): string {
  return `${paths.pasteRevisions(pasteId)}?from=${n}&to=${newest}`;
}

async function copyRevision(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: 'Revision copied to clipboard.', variant: 'success' });
  } catch {
    toast({ title: 'Failed to copy', description: 'Could not copy to clipboard', variant: 'destructive' });
  }
}

/**
 * One revision of a paste, read-only, at its permanent link `/paste/:id/r/:n`. Its text
 * is shown by the paste view's own `Content` (PasteContent), handed in by the route: see router.tsx.
 */
export function RevisionScreen({
  pasteId,
  number,
  Content,
  Files,
}: {
  pasteId: string;
  number: number;
  Content: typeof PasteContent;
  /** A multi-file revision's view: its files, each with its own Raw and Download. */
  Files: typeof PasteFiles;
}) {
  const query = useRevision(pasteId, number, Number.isInteger(number) && number >= 1);
  const revision = query.data;
  if (!Number.isInteger(number) || number < 1) {
    const notFound = new ApiError(PASTE_MESSAGES.revisionNotFound, 404);
    return <RevisionFailure pasteId={pasteId} error={notFound} onRetry={() => undefined} />;
  }
  if (query.isPending) return <LoadingBlock label="Loading revision..." />;
  if (!revision) {
    return <RevisionFailure pasteId={pasteId} error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { content } = revision;
  const files = filesOf(revision);
  const view = {
    id: pasteId,
    title: revision.title,
    language: revision.language,
    sizeBytes: revision.sizeBytes,
  };
  return (
    <article className="space-y-5" aria-label="Revision">
      <RevisionHeader pasteId={pasteId} revision={revision} />
      <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Revision actions">
        {content === undefined ? null : (
          <Button variant="outline" size="sm" onClick={() => copyRevision(content)}>
            <Copy aria-hidden />
            Copy
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <a href={revisionRawUrl(pasteId, number)} target="_blank" rel="noopener noreferrer">
            <FileText aria-hidden />
            Raw
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={revisionDownloadUrl(pasteId, number)} download>
            <Download aria-hidden />
            Download
          </a>
        </Button>
        {number < revision.revisionCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={compareWithNewest(pasteId, number, revision.revisionCount)}>
              <GitCompareArrows aria-hidden />
              Compare with newest
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <Link to={paths.pasteRevisions(pasteId)}>
            <History aria-hidden />
            All revisions
          </Link>
        </Button>
      </div>
      {content === undefined ? (
        <Alert variant="info" title="Too large to show here">
          This revision is {formatSize(revision.sizeBytes)}: read it raw or download it.
        </Alert>
      ) : files ? (
        <Files paste={{ id: pasteId }} files={files} savedHere />
      ) : (
        <Content paste={view} content={content} />
      )}
    </article>
  );
}
