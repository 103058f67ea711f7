import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  info: { box: 'border-primary/30 bg-primary/10', icon: Info, iconClass: 'text-primary' },
  success: { box: 'border-success/30 bg-success/10', icon: CircleCheck, iconClass: 'text-success' },
  warning: {
    box: 'border-warning/40 bg-warning/10',
    icon: TriangleExclamationPoint,
    iconClass: 'text-warning',
  },
  destructive: {
    box: 'border-destructive/40 bg-destructive/10',
    icon: CircleExclamationPoint,
    iconClass: 'text-destructive',
  },
} as const;

type AlertProps = Omit<ComponentProps<'div'>, 'title'> & {
  variant?: keyof typeof variants;
  title?: ReactNode;
};

export function Alert({ variant = 'info', title, children, className, ...props }: AlertProps) {
  const { box, icon: Icon, iconClass } = variants[variant];
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'note'}
      className={cn('flex gap-3 rounded-lg border p-4 text-sm', box, className)}
      {...props}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', iconClass)} />
      <div className="space-y-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className="text-muted-foreground">{children}</div> : null}
      </div>
    </div>
  );
}
