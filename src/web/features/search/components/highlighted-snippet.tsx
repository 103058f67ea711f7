import type { SearchResult } from '../api/search-pastes';

/**
 * A result's matching line as text, its matched words in <mark>: the server gives plain text and
 * offsets into it, so nothing of the paste is ever read as HTML.
 */
export function HighlightedSnippet({ result }: { result: Pick<SearchResult, 'snippet' | 'highlights'> }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const { start, end } of result.highlights) {
    if (start < at || end > result.snippet.length) continue;
    if (start > at) parts.push(result.snippet.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-primary/25 px-0.5 text-foreground">
        {result.snippet.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(result.snippet.slice(at));
  return <code className="block overflow-x-auto font-mono text-xs whitespace-pre">{parts}</code>;
}
