import { ChevronLeft, ChevronRight, FilePlus, Files, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatCountOf } from '../../../lib/format';
import { useMyPastes } from '../api/get-my-pastes';
import { MyPasteItem } from './my-paste-item';

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The user's pastes, 10 a page, searchable by title or id, each with a deletion request. */
export function MyPastesCard() {
  const [input, setInput] = useState('');
  const [tag, setTag] = useState('');
  const search = useDebounced(input.trim(), SEARCH_DELAY_MS);
  // The page belongs to a search: a new search starts from the first page.
  const [paging, setPaging] = useState({ search: '', tag: '', page: 1 });
  const page = paging.search === search && paging.tag === tag ? paging.page : 1;
  const goTo = (next: number) => setPaging({ search, tag, page: next });
  // Requests sent this visit; the list itself does not carry their status.
  const [requested, setRequested] = useState<ReadonlySet<string>>(new Set());
  const query = useMyPastes(page, search, tag);

  // "My Pastes" in the user menu links here (#my-pastes): bring the card into view once it is there.
  useEffect(() => {
    if (window.location.hash === '#my-pastes') document.getElementById('my-pastes')?.scrollIntoView();
  }, []);

  const data = query.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  return (
    <Card id="my-pastes" aria-labelledby="my-pastes-title" className="scroll-mt-24">
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle id="my-pastes-title" className="flex items-center gap-2">
            <Files aria-hidden className="size-5 text-primary" />
            My Pastes
          </CardTitle>
          <CardDescription>
            {data
              ? `${formatCountOf(data.total, 'paste')}${search || tag ? ' found' : ''}`
              : 'Everything you created.'}
          </CardDescription>
        </div>
        <div className="relative w-full sm:w-72">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search my pastes"
            placeholder="Search by title or id..."
            value={input}
            onChange={(e) => setInput(e.target.value)}
            className="pl-9"
          />
        </div>
      </CardHeader>
      <CardContent>
        {tag ? (
          <div className="mb-3 flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">Tagged</span>
            <Button type="button" variant="outline" size="sm" onClick={() => setTag('')}>
              #{tag}
              <X aria-hidden />
              <span className="sr-only">Show all tags</span>
            </Button>
          </div>
        ) : null}
        {query.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading your pastes" />
          </div>
        ) : query.isError ? (
          <Alert variant="destructive" title="Could not load your pastes">
            {errorMessage(query.error, 'Please try again.')}
          </Alert>
        ) : data && data.pastes.length > 0 ? (
          <ul className={`divide-y divide-border ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
            {data.pastes.map((paste) => (
              <MyPasteItem
                key={paste.id}
                paste={paste}
                requested={requested.has(paste.id)}
                onRequested={() => setRequested((current) => new Set(current).add(paste.id))}
                onTag={setTag}
              />
            ))}
          </ul>
        ) : search || tag ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center text-sm text-muted-foreground">
            <p>No pastes match your search</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setInput('');
                setTag('');
              }}
            >
              <X aria-hidden />
              Clear search
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 py-10 text-center text-sm text-muted-foreground">
            <p>You have not created any pastes yet.</p>
            <Button asChild size="sm">
              <Link to={paths.home}>
                <FilePlus aria-hidden />
                Create Paste
              </Link>
            </Button>
          </div>
        )}
        {data && data.totalPages > 1 ? (
          <nav
            aria-label="My pastes pages"
            className="mt-4 flex items-center justify-between gap-3 border-t border-border pt-4"
          >
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={page <= 1 || query.isFetching}
              onClick={() => goTo(Math.max(1, page - 1))}
            >
              <ChevronLeft aria-hidden />
              Previous
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {data.page} of {totalPages}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={page >= totalPages || query.isFetching}
              onClick={() => goTo(Math.min(totalPages, page + 1))}
            >
              Next
              <ChevronRight aria-hidden />
            </Button>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}
