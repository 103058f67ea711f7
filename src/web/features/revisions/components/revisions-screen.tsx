import { Columns2, GitCompareArrows, Rows3 } from 'lucide-react';
import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { RevisionSummary } from '../../../../common/schemas/responses';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/select';
import { LoadingBlock } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { pasteTitle } from '../../../lib/paste-title';
import { useRevision } from '../api/get-revision';
import { useRevisions } from '../api/get-revisions';
import { RevisionFailure } from './revision-failure';
import { RevisionList } from './revision-list';

// The diff (and jsdiff with it) is its own chunk, fetched when a comparison is first shown.
const DiffView = lazy(() => import('./diff-view').then((m) => ({ default: m.DiffView })));

const WIDE = '(min-width: 1024px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** Side by side needs room: offered on windows at least 1024 px wide. */
function useWideWindow(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches);
}

/** A revision number from the URL, if it is one of the paste's. */
function revisionParam(value: string | null, count: number): number | null {
  const n = value && /^\d+$/.test(value) ? Number(value) : null;
  return n !== null && n >= 1 && n <= count ? n : null;
}

function Comparison({
  pasteId,
  from,
  to,
  split,
}: {
  pasteId: string;
  from: number;
  to: number;
  split: boolean;
}) {
  const a = useRevision(pasteId, from);
  const b = useRevision(pasteId, to);
  const failed = a.error ?? b.error;
  if (failed)
    return (
      <RevisionFailure
        pasteId={pasteId}
        error={failed}
        onRetry={() => void Promise.all([a.refetch(), b.refetch()])}
      />
    );
  if (!a.data || !b.data) return <LoadingBlock label="Loading revisions..." />;
  if (a.data.content === undefined || b.data.content === undefined) {
    return (
      <Alert variant="info" title="Too large to compare here">
        One of these revisions is too large to show in the browser: download both to compare them.
      </Alert>
    );
  }
  return (
    <Suspense fallback={<LoadingBlock label="Comparing..." />}>
      <DiffView
        pasteId={pasteId}
        from={{ number: from, content: a.data.content }}
        to={{ number: to, content: b.data.content }}
        split={split}
      />
    </Suspense>
  );
}

function CompareForm({
  revisions,
  initial,
  onCompare,
}: {
  revisions: RevisionSummary[];
  initial: { from: number; to: number };
  onCompare: (from: number, to: number) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const options = revisions.map((r) => (
    <option key={r.number} value={r.number}>
      Revision {r.number}
    </option>
  ));
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onCompare(from, to);
      }}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
          Compare
        </label>
        <NativeSelect
          id={`${id}-from`}
          className="h-9 w-40"
          value={from}
          onChange={(e) => setFrom(Number(e.target.value))}
        >
          {options}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
          with
        </label>
        <NativeSelect
          id={`${id}-to`}
          className="h-9 w-40"
          value={to}
          onChange={(e) => setTo(Number(e.target.value))}
        >
          {options}
        </NativeSelect>
      </div>
      <Button type="submit" className="h-9" disabled={from === to}>
        <GitCompareArrows aria-hidden />
        Compare
      </Button>
    </form>
  );
}

/** The Revisions panel (issue 23): every revision, and any two of them compared. */
export function RevisionsScreen({ pasteId }: { pasteId: string }) {
  const query = useRevisions(pasteId);
  const [params, setParams] = useSearchParams();
  const wide = useWideWindow();
  const revisions = query.data;
  if (query.isPending) return <LoadingBlock label="Loading revisions..." />;
  if (!revisions) {
    return <RevisionFailure pasteId={pasteId} error={query.error} onRetry={() => void query.refetch()} />;
  }
  const count = revisions.length;
  const newest = revisions.at(-1);
  const from = revisionParam(params.get('from'), count);
  const to = revisionParam(params.get('to'), count);
  const comparing = from !== null && to !== null && from !== to;
  const split = wide && params.get('view') === 'split';
  const setParam = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">Revisions</h1>
        <p className="text-muted-foreground">
          of{' '}
          <Link to={paths.paste(pasteId)} className="font-medium text-primary underline underline-offset-4">
            {pasteTitle({ id: pasteId, title: newest?.title ?? null })}
          </Link>
          {` · ${count} ${count === 1 ? 'revision' : 'revisions'}; each keeps its own link.`}
        </p>
      </header>
      <RevisionList pasteId={pasteId} revisions={revisions} />
      {count < 2 ? (
        <Alert variant="info" title="Nothing to compare yet">
          This paste has not been edited: its only revision is the original.
        </Alert>
      ) : (
        <section className="space-y-4" aria-label="Compare revisions">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <CompareForm
              revisions={revisions}
              initial={{ from: from ?? count - 1, to: to ?? count }}
              onCompare={(a, b) => setParam({ from: String(a), to: String(b) })}
            />
            {comparing && wide ? (
              <fieldset className="flex gap-1" aria-label="Diff layout">
                <Button
                  size="sm"
                  variant={split ? 'ghost' : 'secondary'}
                  aria-pressed={!split}
                  onClick={() => setParam({ view: null })}
                >
                  <Rows3 aria-hidden />
                  Unified
                </Button>
                <Button
                  size="sm"
                  variant={split ? 'secondary' : 'ghost'}
                  aria-pressed={split}
                  onClick={() => setParam({ view: 'split' })}
                >
                  <Columns2 aria-hidden />
                  Side by side
                </Button>
              </fieldset>
            ) : null}
          </div>
          {comparing ? <Comparison pasteId={pasteId} from={from} to={to} split={split} /> : null}
        </section>
      )}
    </div>
  );
}
