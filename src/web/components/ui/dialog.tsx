import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

function Overlay() {
  return (
    <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-black/60 backdrop-blur-sm" />
  );
}

function CloseButton() {
  return (
    <DialogPrimitive.Close
      className="absolute top-4 right-4 cursor-pointer rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
      aria-label="Close"
    >
      <X className="size-4" />
    </DialogPrimitive.Close>
  );
}

/** The dialog's box in its portal, over the dimmed page, with the close button in its corner. */
function Panel({
  base,
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { base: string }) {
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content className={cn(base, className)} {...props}>
        {children}
        <CloseButton />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A centred modal dialog. */
export function DialogContent(props: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <Panel
      base="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-fade-in rounded-xl border border-border bg-card p-6 shadow-xl"
      {...props}
    />
  );
}

/** A panel that slides in from the left edge: the side drawer on small screens. */
export function SheetContent(props: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <Panel
      base="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] animate-slide-in-left flex-col border-r border-border bg-card shadow-xl"
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

/** A dialog's title with what it is about below it, clear of the close button. */
export function DialogHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="space-y-2 pr-6">
      <DialogTitle>{title}</DialogTitle>
      {children ? <DialogDescription>{children}</DialogDescription> : null}
    </div>
  );
}
