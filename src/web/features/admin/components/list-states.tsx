import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

/** An admin list still being fetched. */
export function ListLoading() {
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Spinner /> Loading…
    </div>
  );
}

/** An admin list with nothing in it: what is missing, and maybe a way out (a button). */
export function EmptyList({
  icon: Icon,
  className,
  children,
}: {
  icon?: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className="border-dashed">
      <CardContent
        className={cn('flex flex-col items-center gap-2 py-10 text-center text-muted-foreground', className)}
      >
        {Icon ? <Icon aria-hidden className="size-6" /> : null}
        {children}
      </CardContent>
    </Card>
  );
}
