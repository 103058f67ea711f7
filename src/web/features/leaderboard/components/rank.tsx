import { cn } from '../../../lib/cn';

const MEDALS = [
  'bg-amber-400/20 text-amber-800 dark:text-amber-300',
  'bg-slate-400/20 text-slate-600 dark:text-slate-300',
  'bg-orange-500/15 text-orange-800 dark:text-orange-300',
];

/** '#1' in a round badge; the first three in gold, silver and bronze. */
export function Rank({ rank }: { rank: number }) {
  return (
    <span
      className={cn(
        'grid size-8 shrink-0 place-items-center rounded-full text-xs font-bold tabular-nums',
        MEDALS[rank - 1] ?? 'bg-muted text-muted-foreground',
      )}
    >
      #{rank}
    </span>
  );
}
