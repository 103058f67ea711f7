import type { MouseEvent, ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { joinFragment } from '../../pastes';
import type { LineState } from '../hooks/use-line-windows';
import { LINE_CUT_CHARS, WINDOW_LINES, windowStart } from '../lib/window-cache';

/** The text with every occurrence of `query` (case-sensitive, as the server searches) in a <mark>. */
function withMatches(text: string, needle: string): ReactNode {
  if (!needle) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (let found = text.indexOf(needle); found !== -1; found = text.indexOf(needle, at)) {
    if (found > at) parts.push(text.slice(at, found));
    parts.push(
      <mark key={found} className="rounded-sm bg-amber-300 text-amber-950">
        {text.slice(found, found + needle.length)}
      </mark>,
    );
    at = found + needle.length;
  }
  if (parts.length === 0) return text;
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

interface ViewerLineProps {
  n: number;
  state: LineState;
  wrap: boolean;
  gutter: string;
  selected: boolean;
  searchHit: boolean;
  query: string;
  /** This is the first line of a failed window shown: it carries the message and Retry. */
  showsError: boolean;
  onLineClick: (line: number, extend: boolean) => void;
  onRetry: (window: number) => void;
  /** An encrypted paste's key: its line links are `#<key>&L12`. */
  linkKey: string | null;
}

/**
 * One line of the huge-paste viewer: its number (a link to it) and its text, as React text only.
 * A line still loading shows a placeholder; a failed window says so on its first shown line.
 */
export function ViewerLine({
  n,
  state,
  wrap,
  gutter,
  selected,
  searchHit,
  query,
  showsError,
  onLineClick,
  onRetry,
  linkKey,
}: ViewerLineProps) {
  function click(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    onLineClick(n, event.shiftKey);
  }
  return (
    <div
      data-line={n}
      data-search-hit={searchHit ? 'current' : undefined}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'flex leading-5',
        wrap ? 'min-h-5' : 'h-5',
        selected && 'bg-amber-400/20 dark:bg-amber-300/15',
        searchHit && 'bg-sky-400/25 dark:bg-sky-300/20',
      )}
    >
      <a
        href={joinFragment(linkKey, `#L${n}`)}
        onClick={click}
        aria-label={`Line ${n}`}
        style={{ width: gutter }}
        className={cn(
          'sticky left-0 shrink-0 select-none bg-card pr-3 text-right text-muted-foreground hover:text-foreground',
          selected && 'bg-amber-100 text-foreground dark:bg-amber-950',
        )}
      >
        {n}
      </a>
      <LineBody state={state} wrap={wrap} query={query} showsError={showsError} onRetry={onRetry} />
    </div>
  );
}

function LineBody({
  state,
  wrap,
  query,
  showsError,
  onRetry,
}: Pick<ViewerLineProps, 'state' | 'wrap' | 'query' | 'showsError' | 'onRetry'>) {
  if (state.status === 'loading') {
    return (
      <span className="pl-3" aria-hidden>
        <span className="inline-block h-2.5 w-40 animate-pulse rounded bg-muted" />
      </span>
    );
  }
  if (state.status === 'error') {
    if (!showsError) return null;
    const first = windowStart(state.window);
    return (
      <span className="flex items-center gap-2 whitespace-nowrap pl-3 font-sans text-xs text-destructive">
        Could not load lines {first.toLocaleString('en')}–{(first + WINDOW_LINES - 1).toLocaleString('en')}:{' '}
        {state.message}
        <button
          type="button"
          onClick={() => onRetry(state.window)}
          className="h-5 rounded border border-border bg-background px-2 text-foreground hover:bg-muted"
        >
          Retry
        </button>
      </span>
    );
  }
  return (
    <span className={cn('pr-6 pl-3', wrap ? 'min-w-0 whitespace-pre-wrap break-all' : 'whitespace-pre')}>
      {state.truncated ? (
        <span className="mr-2 rounded bg-muted px-1.5 py-px font-sans text-[11px] text-foreground">
          line cut at {LINE_CUT_CHARS.toLocaleString('en')} characters — download for the full line
        </span>
      ) : null}
      {state.text ? withMatches(state.text, query) : '\u200b'}
    </span>
  );
}
