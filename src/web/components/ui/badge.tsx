import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'border-transparent bg-primary/15 text-indigo-700 dark:text-primary',
  outline: 'border-border text-muted-foreground',
  success: 'border-transparent bg-success/15 text-green-800 dark:text-success',
  destructive: 'border-transparent bg-destructive/15 text-red-700 dark:text-destructive',
  vip: 'border-transparent bg-amber-400/15 text-amber-800 dark:text-amber-300',
} as const;

export function Badge({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'span'> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
