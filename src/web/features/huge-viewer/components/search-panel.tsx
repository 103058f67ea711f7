import { ChevronDown, ChevronUp, Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { formatMegabytes } from '../../../lib/format';
import type { PasteSearchPage } from '../api/search-paste';

/**
 * Pages of a search, each continuing where the last stopped: the server's (usePasteSearch) or, for
 * an encrypted paste, the browser's own (useSealedSearch). Both are react-query infinite queries.
 */
export interface SearchResults {
  data: { pages: PasteSearchPage[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface SearchPanelProps {
  /** The query searched for (its matches are marked in the lines), and its results. */
  query: string;
  search: SearchResults;
  /** Who searches, for the note on a search stopped early: "the server", "your browser". */
  searcher: string;
  sizeBytes: number;
  onQuery: (query: string) => void;
  /** Step to a match: scroll to and highlight its line. */
  onStep: (line: number) => void;
}

/**
 * Search within the paste (by whoever `search` asks: it streams through the text with a time and
 * a result cap): matches listed as line numbers with their text, Previous / Next stepping through
 * them, "More results" continuing where the search stopped.
 */
export function SearchPanel({ query, search, searcher, sizeBytes, onQuery, onStep }: SearchPanelProps) {
  const id = useId();
  const [input, setInput] = useState('');
  const [current, setCurrent] = useState<number | null>(null);
  const matches = search.data?.pages.flatMap((page) => page.matches) ?? [];
  const lastPage = search.data?.pages.at(-1);
  const more = search.hasNextPage;
  const stepAfterMore = useRef(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = input.trim() === '' ? '' : input;
    onQuery(q);
    setCurrent(null);
  }

  function step(index: number) {
    const match = matches[index];
    if (!match) return;
    setCurrent(index);
    onStep(match.line);
  }

  function next() {
    const index = current === null ? 0 : current + 1;
    if (index < matches.length) step(index);
    else if (more && !search.isFetchingNextPage) {
      stepAfterMore.current = true;
      void search.fetchNextPage();
    }
  }

  // The first match is shown as soon as there is one; a Next past the loaded ones lands on the new.
  const count = matches.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to new matches only.
  useEffect(() => {
    if (count === 0) return;
    if (current === null) step(0);
    else if (stepAfterMore.current && current + 1 < count) {
      stepAfterMore.current = false;
      step(current + 1);
    }
  }, [count]);

  // Each page says how many bytes it searched; pages continue one another.
  const scanned = search.data?.pages.reduce((sum, page) => sum + page.scannedBytes, 0) ?? 0;
  let summary = '';
  if (query && search.isPending) summary = 'Searching…';
  else if (search.isError) summary = errorMessage(search.error, 'The search failed.');
  else if (query && search.data) {
    const total = `${count.toLocaleString('en')}${more ? '+' : ''} ${count === 1 && !more ? 'match' : 'matches'}`;
    summary = count === 0 && !more ? 'No matches' : current === null ? total : `${current + 1} of ${total}`;
  }

  return (
    <section aria-label="Search in paste" className="space-y-2">
      <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Search in paste
        </label>
        <Input
          id={id}
          type="search"
          placeholder="Search in paste"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          className="h-8 basis-full sm:w-64 sm:basis-auto"
        />
        <Button type="submit" size="sm">
          <Search aria-hidden />
          Search
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => current !== null && current > 0 && step(current - 1)}
          disabled={current === null || current === 0}
        >
          <ChevronUp aria-hidden />
          Previous
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={next}
          disabled={count === 0 || (current !== null && current + 1 >= count && !more)}
        >
          <ChevronDown aria-hidden />
          Next
        </Button>
        <span role="status" className="text-sm text-muted-foreground" data-testid="search-summary">
          {summary}
        </span>
      </form>
      {lastPage?.truncated && more ? (
        <p className="text-xs text-muted-foreground" data-testid="search-scanned">
          Searched {formatMegabytes(Math.min(scanned, sizeBytes))} of {formatMegabytes(sizeBytes)} so far:{' '}
          {searcher} stops after a while and continues with More results.
        </p>
      ) : null}
      {count > 0 ? (
        <ol aria-label="Matches" className="max-h-48 overflow-auto rounded-lg border border-border text-sm">
          {matches.map((match, index) => (
            <li key={match.line}>
              <button
                type="button"
                onClick={() => step(index)}
                aria-current={index === current ? 'true' : undefined}
                className="flex w-full gap-3 px-3 py-1 text-left hover:bg-muted aria-[current=true]:bg-muted"
              >
                <span className="shrink-0 font-mono text-muted-foreground">
                  Line {match.line.toLocaleString('en')}
                </span>
                <span className="truncate font-mono">{match.text}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {more ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void search.fetchNextPage()}
          disabled={search.isFetchingNextPage}
        >
          {search.isFetchingNextPage ? 'Searching…' : 'More results'}
        </Button>
      ) : null}
    </section>
  );
}
