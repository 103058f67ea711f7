import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

/** A labelled progress bar; `value` is 0..100, or null while the amount is unknown. */
export function ProgressBar({
  label,
  value,
  className,
}: {
  label: string;
  value: number | null;
  className?: string;
}) {
  const percent = value === null ? null : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <span>{label}</span>
        {percent === null ? null : <span className="tabular-nums">{percent}%</span>}
      </div>
      <ProgressPrimitive.Root
        aria-label={label}
        value={percent}
        className="relative h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <ProgressPrimitive.Indicator
          className={cn('h-full bg-primary', percent === null && 'w-1/3 animate-pulse')}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </ProgressPrimitive.Root>
    </div>
  );
}
