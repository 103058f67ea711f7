import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PASTE_MESSAGES } from '../../../../common/messages';
import { Alert } from '../../../components/ui/alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SubmitButton } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast, toastError } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useRequestDelete } from '../api/request-delete';

const FAILED = 'Delete Request Failed';

interface RequestDeleteDialogProps {
  pasteId: string;
  pasteLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The request is stored (or one was already pending): the row can say so. */
  onRequested: () => void;
}

/** Spec §5: deletion needs a non-blank reason; staff approve or reject the request. */
export function RequestDeleteDialog({
  pasteId,
  pasteLabel,
  open,
  onOpenChange,
  onRequested,
}: RequestDeleteDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestDelete(pasteId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem(PASTE_MESSAGES.deleteReasonRequired);
      toast({
        title: 'Reason Required',
        description: PASTE_MESSAGES.deleteReasonRequired,
        variant: 'destructive',
      });
      return;
    }
    setProblem(null);
    request.mutate(reason.trim(), {
      onSuccess: () => {
        toast({
          title: 'Delete Request Submitted',
          description: 'An admin will review your request and delete the paste if approved.',
          variant: 'success',
        });
        setReason('');
        onRequested();
        onOpenChange(false);
      },
      onError: (error) => {
        // 409: a request for this paste is already waiting; the server says so.
        if (error instanceof ApiError && error.status === 409) {
          onRequested();
          onOpenChange(false);
        } else {
          setProblem(error.message || FAILED);
        }
        toastError(FAILED, error, FAILED);
      },
    });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setProblem(null);
        onOpenChange(next);
      }}
      title="Request Deletion"
      description={
        <>
          Ask the moderators to delete <span className="font-medium text-foreground">{pasteLabel}</span>. The
          paste stays online until an admin approves the request.
        </>
      }
      onSubmit={submit}
      actions={
        <SubmitButton
          variant="destructive"
          pending={request.isPending}
          icon={Trash2}
          label="Send Request"
          working="Sending..."
        />
      }
    >
      {problem ? <Alert variant="destructive" title={problem} /> : null}
      <div className="space-y-2">
        <Label htmlFor={id}>Reason</Label>
        <Textarea
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Why should this paste be deleted?"
          maxLength={2000}
          aria-required
        />
      </div>
    </FormDialog>
  );
}
