import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { type SearchResult, useSearch } from '../api/search-pastes';
import { HighlightedSnippet } from './highlighted-snippet';
import { TagLinks } from './tag-links';

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <li className="space-y-2 p-4" data-testid="search-result">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Link
          to={paths.pasteLine(result.id, result.line)}
          className="min-w-0 font-medium break-words text-primary hover:underline"
        >
          {result.title || 'Untitled paste'}
        </Link>
        <span className="text-xs text-muted-foreground">
          {result.author} ·{' '}
          <time dateTime={result.createdAt} title={formatDateTime(result.createdAt)}>
            {formatRelativeTime(result.createdAt)}
          </time>
          {result.language ? ` · ${result.language}` : null}
        </span>
      </div>
      {result.line !== null ? (
        <div className="flex gap-2 rounded-md bg-muted/60 px-3 py-2">
          <span className="shrink-0 font-mono text-xs text-muted-foreground">
            <span className="sr-only">line </span>
            {result.line}
          </span>
          <div className="min-w-0 flex-1">
            <HighlightedSnippet result={result} />
          </div>
        </div>
      ) : null}
      <TagLinks tags={result.tags} />
    </li>
  );
}

/** The pages of one search: results best first, more on request. */
export function SearchResults({ query }: { query: string }) {
  const search = useSearch(query);
  if (query === '') {
    return (
      <p className="text-sm text-muted-foreground">
        Search the titles and text of public pastes, your own, and those shared with you or your teams. Press{' '}
        <kbd className="rounded border border-border px-1 font-mono text-xs">/</kbd> anywhere to search.
      </p>
    );
  }
  if (search.isPending) return <Spinner />;
  if (search.isError)
    return <Alert variant="destructive">{errorMessage(search.error, 'Search failed')}</Alert>;
  const results = search.data.pages.flatMap((p) => p.results);
  if (results.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <FileText aria-hidden className="size-4" />
        No pastes match this search.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <ol aria-label="Search results" className="divide-y divide-border rounded-lg border border-border">
        {results.map((r) => (
          <ResultItem key={r.id} result={r} />
        ))}
      </ol>
      {search.hasNextPage ? (
        <Button variant="outline" onClick={() => search.fetchNextPage()} disabled={search.isFetchingNextPage}>
          {search.isFetchingNextPage ? 'Loading…' : 'More results'}
        </Button>
      ) : null}
    </div>
  );
}
