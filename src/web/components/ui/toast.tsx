import { CircleCheck, CircleExclamationPoint, Info, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../../lib/cn';
import { dismissToast, type ToastVariant, useToasts } from './toast-store';

/** Spec §9 toast defaults. */
const TOAST_DURATION_MS = 5_000;
const SWIPE_THRESHOLD_PX = 50;

const variantStyles: Record<ToastVariant, { box: string; icon: typeof Info; iconClass: string }> = {
  default: { box: 'border-border', icon: Info, iconClass: 'text-primary' },
  success: { box: 'border-success/40', icon: CircleCheck, iconClass: 'text-success' },
  destructive: { box: 'border-destructive/50', icon: CircleExclamationPoint, iconClass: 'text-destructive' },
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toasts.map((item) => {
        const style = variantStyles[item.variant ?? 'default'];
        const Icon = style.icon;
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            type={item.variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            data-variant={item.variant ?? 'default'}
            className={cn(
              'toast-root pointer-events-auto relative flex w-full animate-toast-in gap-3 rounded-xl border bg-card p-4 pr-10 text-card-foreground shadow-2xl',
              style.box,
            )}
          >
            <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', style.iconClass)} />
            <div className="min-w-0 space-y-1">
              <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
              {item.description ? (
                <Toast.Description className="text-sm break-words text-muted-foreground">
                  {item.description}
                </Toast.Description>
              ) : null}
              {item.action ? (
                <Toast.Action
                  altText={item.action.label}
                  onClick={item.action.onClick}
                  className="mt-1 inline-flex h-7 cursor-pointer items-center rounded-md border px-2.5 text-xs font-medium hover:bg-muted"
                >
                  {item.action.label}
                </Toast.Action>
              ) : null}
            </div>
            <Toast.Close
              aria-label="Close"
              className="absolute top-3 right-3 cursor-pointer rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
