import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogClose } from './dialog';

/** A dialog's buttons, right-aligned: Cancel (which closes it) and the dialog's own action. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      {children}
    </div>
  );
}
