import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogHeading } from './dialog';
import { DialogActions } from './dialog-actions';

/**
 * The one way the app asks before something that cannot be undone (a paste or a user destroyed, a
 * licence deleted, a role that grants power): a title, what will happen in plain words, Cancel,
 * and the action named on its button. `onConfirm` does the work; the dialog stays open (its button
 * disabled) while `busy`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  icon,
  tone = 'destructive',
  busy = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  icon?: ReactNode;
  /** `default` for a step that grants rather than destroys (promoting a user). */
  tone?: 'destructive' | 'default';
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <div className="space-y-4">
          <DialogHeading title={title}>{description}</DialogHeading>
          <DialogActions>
            <Button type="button" variant={tone} disabled={busy} onClick={onConfirm}>
              {icon}
              {confirmLabel}
            </Button>
          </DialogActions>
        </div>
      </DialogContent>
    </Dialog>
  );
}
