import { ChevronsUpDown } from 'lucide-react';
import { type CSSProperties, Fragment, type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type DiffLine, diffLinesOf } from '../../../../common/line-diff';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatCount, formatCountOf } from '../../../lib/format';
import { type DiffBlock, diffStats, foldUnchanged, pairLines } from '../lib/diff-rows';
import { revisionRawUrl } from '../lib/revision-links';

export interface DiffSide {
  number: number;
  content: string;
}

const SIGN = { same: ' ', added: '+', removed: '−' } as const;
const ROW_TONE = {
  same: '',
  added: 'bg-success/12',
  removed: 'bg-destructive/12',
} as const;
const NUM = 'select-none pr-2 text-right text-muted-foreground/70 tabular-nums';
const SIGN_TONE = {
  same: 'text-muted-foreground/50',
  added: 'text-green-700 dark:text-success',
  removed: 'text-destructive',
} as const;

/** A line number linking to that line in its own revision, or an empty cell on the side it is not in. */
function LineLink({ pasteId, revision, line }: { pasteId: string; revision: number; line: number | null }) {
  if (line === null) return <span className={NUM} />;
  return (
    <Link
      to={paths.pasteRevision(pasteId, revision, line)}
      className={cn(NUM, 'hover:text-foreground hover:underline')}
      aria-label={`Line ${line} of revision ${revision}`}
    >
      {line}
    </Link>
  );
}

function Text({ line }: { line: DiffLine | null }) {
  return (
    <span className="min-w-0 whitespace-pre-wrap pr-3 [overflow-wrap:anywhere]">
      {line ? line.text || '\u200b' : ''}
    </span>
  );
}

function Sign({ line }: { line: DiffLine | null }) {
  return (
    <span
      aria-hidden={line?.kind === 'same' || !line}
      className={cn('select-none text-center', line && SIGN_TONE[line.kind])}
    >
      {line ? SIGN[line.kind] : ''}
    </span>
  );
}

function UnifiedRows({ lines, from, to, pasteId }: RowsProps) {
  return lines.map((line) => (
    <div
      key={`${line.oldLine}-${line.newLine}`}
      className={cn('grid grid-cols-[var(--num)_var(--num)_1.5rem_minmax(0,1fr)]', ROW_TONE[line.kind])}
      data-kind={line.kind}
    >
      <LineLink pasteId={pasteId} revision={from} line={line.oldLine} />
      <LineLink pasteId={pasteId} revision={to} line={line.newLine} />
      <Sign line={line} />
      <Text line={line} />
    </div>
  ));
}

const HALF = 'grid grid-cols-[var(--num)_1.5rem_minmax(0,1fr)]';

function SplitRows({ lines, from, to, pasteId }: RowsProps) {
  return pairLines(lines).map(({ left, right }) => (
    <div
      key={`${left?.oldLine}-${right?.newLine}`}
      className="grid grid-cols-2"
      data-kind={left?.kind === 'same' ? 'same' : 'changed'}
    >
      <div className={cn(HALF, left ? ROW_TONE[left.kind] : 'bg-muted/50')}>
        <LineLink pasteId={pasteId} revision={from} line={left?.oldLine ?? null} />
        <Sign line={left} />
        <Text line={left} />
      </div>
      <div className={cn(HALF, 'border-l border-border', right ? ROW_TONE[right.kind] : 'bg-muted/50')}>
        <LineLink pasteId={pasteId} revision={to} line={right?.newLine ?? null} />
        <Sign line={right} />
        <Text line={right} />
      </div>
    </div>
  ));
}

interface RowsProps {
  lines: DiffLine[];
  from: number;
  to: number;
  pasteId: string;
}

function Folded({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <button
      type="button"
      onClick={onShow}
      className="flex w-full cursor-pointer items-center gap-2 border-y border-border/60 bg-muted/60 px-3 py-1 text-left font-sans text-xs text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <ChevronsUpDown aria-hidden className="size-3.5" />
      Show {formatCountOf(count, 'unchanged line')}
    </button>
  );
}

/**
 * Two revisions compared line by line (issue 23), computed here in the browser with the same
 * diff the server counts lines with. Loaded only when a comparison is asked for.
 */
export function DiffView({
  pasteId,
  from,
  to,
  split,
}: {
  pasteId: string;
  from: DiffSide;
  to: DiffSide;
  /** Side by side (wide screens), else unified. */
  split: boolean;
}) {
  const lines = useMemo(() => diffLinesOf(from.content, to.content), [from.content, to.content]);
  const blocks = useMemo<DiffBlock[]>(() => (lines ? foldUnchanged(lines) : []), [lines]);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());

  if (!lines) {
    return (
      <Alert variant="warning" title="Too different to compare here" data-testid="diff-too-big">
        These revisions differ in too many lines to show as a diff. Open them raw to compare with a tool of
        your own:{' '}
        <a className="text-primary underline" href={revisionRawUrl(pasteId, from.number)}>
          revision {from.number}
        </a>
        ,{' '}
        <a className="text-primary underline" href={revisionRawUrl(pasteId, to.number)}>
          revision {to.number}
        </a>
        .
      </Alert>
    );
  }
  const { added, removed } = diffStats(lines);
  if (added === 0 && removed === 0) {
    return (
      <Alert variant="info" title="No differences in the text" data-testid="diff-same">
        Revisions {from.number} and {to.number} hold the same text (their title or language may differ).
      </Alert>
    );
  }
  const maxLine = Math.max(lines.at(-1)?.oldLine ?? 0, lines.at(-1)?.newLine ?? 0, lines.length);
  const Rows = split ? SplitRows : UnifiedRows;
  const body: ReactNode[] = blocks.map((block, index) => {
    const key = `${index}-${block.lines[0]?.oldLine}`;
    if (block.kind === 'folded' && !opened.has(index)) {
      return (
        <Folded key={key} count={block.lines.length} onShow={() => setOpened((s) => new Set(s).add(index))} />
      );
    }
    return (
      <Fragment key={key}>
        <Rows lines={block.lines} from={from.number} to={to.number} pasteId={pasteId} />
      </Fragment>
    );
  });

  return (
    <section className="space-y-2" aria-label={`Changes from revision ${from.number} to ${to.number}`}>
      <p className="text-sm text-muted-foreground" data-testid="diff-summary">
        <span className="font-medium text-green-700 dark:text-success">+{formatCount(added)}</span>{' '}
        <span className="font-medium text-destructive">−{formatCount(removed)}</span> lines from revision{' '}
        {from.number} to {to.number}
      </p>
      <div
        className="overflow-hidden rounded-lg border border-border bg-muted/30 font-mono text-[13px] leading-5"
        style={{ '--num': `${String(maxLine).length + 2}ch` } as CSSProperties}
        data-testid="diff"
        data-layout={split ? 'split' : 'unified'}
      >
        {body}
      </div>
    </section>
  );
}
