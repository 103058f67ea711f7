import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface PageProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  /** Buttons or badges at the right of the heading. */
  actions?: ReactNode;
  width?: 'narrow' | 'default' | 'wide';
  className?: string;
  children: ReactNode;
}

const widths = { narrow: 'max-w-xl', default: 'max-w-4xl', wide: 'max-w-6xl' } as const;

/** A screen's frame: one h1 with an optional icon and description, then the content. */
export function Page({
  title,
  description,
  icon: Icon,
  actions,
  width = 'default',
  className,
  children,
}: PageProps) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-12', widths[width], className)}>
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-start gap-4">
          {Icon ? (
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/15 text-primary">
              <Icon aria-hidden className="size-5" />
            </span>
          ) : null}
          <div className="space-y-1.5">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
            {description ? <p className="text-muted-foreground">{description}</p> : null}
          </div>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
