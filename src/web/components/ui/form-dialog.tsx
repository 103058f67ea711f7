import type { FormEvent, ReactNode } from 'react';
import { Dialog, DialogContent, DialogHeading } from './dialog';
import { DialogActions } from './dialog-actions';

/** A dialog that asks for a value or two: title, what it does, the fields, Cancel and `actions`. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  actions,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The submit button (Cancel comes with the dialog). */
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <DialogHeading title={title}>{description}</DialogHeading>
          {children}
          <DialogActions>{actions}</DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
