import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PASTE_MESSAGES } from '../../../../../common/messages';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../../components/ui/dialog';
import { Input, Textarea } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { toast } from '../../../../components/ui/toast-store';
import { loginPath } from '../../../../config/paths';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useUser } from '../../../auth/api/get-user';
import { useReportPaste } from '../../api/report-paste';

/**
 * Spec §5: a reason is required after trimming ('Reason Required'); failures say 'Report Failed',
 * in the dialog (a toast behind a modal dialog is hidden from screen readers with the rest of the
 * page). A visitor whose address already sent a report is offered to log in: signed in, they
 * report as themselves. On an encrypted paste the reporter may hand its key to staff,
 * unchecked by default.
 */
export function ReportDialog({
  pasteId,
  linkKey = null,
  open,
  onOpenChange,
}: {
  pasteId: string;
  /** An encrypted paste's key from the link; null for a plain paste (no key to share). */
  linkKey?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [shareKey, setShareKey] = useState(false);
  const [email, setEmail] = useState('');
  const report = useReportPaste(pasteId);
  const { data: user } = useUser();
  const { pathname } = useLocation();
  const blank = !reason.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank) {
      toast({
        title: 'Reason Required',
        description: PASTE_MESSAGES.reportReasonRequired,
        variant: 'destructive',
      });
      return;
    }
    report.mutate(
      {
        reason: reason.trim(),
        ...(linkKey && shareKey ? { sharedKey: linkKey } : {}),
        ...(!user && email.trim() ? { email: email.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast({
            title: 'Report Submitted',
            description: 'Thank you. An admin will review this paste.',
            variant: 'success',
          });
          setReason('');
          setShareKey(false);
          setEmail('');
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // A failure said once is not said again when the dialog is opened anew.
        if (!next) report.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1.5 pr-6">
            <DialogTitle>Report Paste</DialogTitle>
            <DialogDescription>Tell the admins what is wrong with this paste.</DialogDescription>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={2000}
              placeholder="e.g. spam, malware, personal data"
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          {user ? null : (
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-email`}>Email (optional)</Label>
              <Input
                id={`${id}-email`}
                type="email"
                value={email}
                maxLength={254}
                autoComplete="email"
                aria-describedby={`${id}-email-hint`}
                onChange={(e) => setEmail(e.target.value)}
              />
              <p id={`${id}-email-hint`} className="text-xs text-muted-foreground">
                To be told by mail whether the paste was removed. Kept only until your report is decided.
              </p>
            </div>
          )}
          {linkKey ? (
            <div className="space-y-1.5">
              <div className="flex items-start gap-2">
                <input
                  id={`${id}-share-key`}
                  type="checkbox"
                  checked={shareKey}
                  onChange={(e) => setShareKey(e.target.checked)}
                  aria-describedby={`${id}-share-key-hint`}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <Label htmlFor={`${id}-share-key`}>Share this paste’s key with the moderators</Label>
              </div>
              <p id={`${id}-share-key-hint`} className="text-xs text-muted-foreground">
                This paste is end-to-end encrypted: without its key nobody at this site can read it. If you
                share the key, the site's managers and admins will be able to read this paste. The key is kept
                encrypted until your report is decided, then deleted.
              </p>
            </div>
          ) : null}
          {report.error ? (
            <Alert variant="destructive" title="Report Failed">
              {errorMessage(report.error, 'Could not submit the report. Please try again.')}
              {report.error instanceof ApiError && report.error.status === 409 && !user ? (
                <>
                  {' '}
                  <Link
                    to={loginPath(pathname)}
                    className="font-medium text-foreground underline underline-offset-4"
                  >
                    Log in
                  </Link>
                </>
              ) : null}
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                report.reset();
                onOpenChange(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={blank || report.isPending}>
              <Flag aria-hidden />
              {report.isPending ? 'Submitting...' : 'Submit Report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
