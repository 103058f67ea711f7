import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useDeletePaste } from '../api/pastes';

/** Asks before an admin deletes a paste (the Pastes tab, a user's pastes, the paste itself). */
export function DeletePasteDialog({
  pasteId,
  onClose,
  onDeleted,
}: {
  pasteId: string;
  onClose: () => void;
  /** After the toast: the paste's own screen leaves for home. */
  onDeleted?: () => void;
}) {
  const remove = useDeletePaste();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete Paste"
      description="Are you sure you want to delete this paste? This action cannot be undone."
      confirmLabel="Delete"
      icon={<Trash2 aria-hidden />}
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(pasteId, {
          onSuccess: () => {
            toast({ title: 'Paste deleted', variant: 'success' });
            onClose();
            onDeleted?.();
          },
          onError: (e) => toastError('Error', e, 'Failed to delete paste. Please try again.'),
        })
      }
    />
  );
}
