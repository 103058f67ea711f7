import { Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import type { PurgeInput } from '../../../../common/schemas/bans';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeading } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastError } from '../../../components/ui/toast-store';
import { formatCountOf } from '../../../lib/format';
import { useDeleteEverything, useReportAuthor } from '../api/author-pastes';

/**
 * "Delete everything by this account or address" on a report card: the dialog reads who wrote the
 * reported paste and how many live pastes they have, and each button names the count it deletes
 * (the server refuses if the count changed meanwhile).
 */
export function DeleteEverything({ reportId }: { reportId: number }) {
  const [open, setOpen] = useState(false);
  const author = useReportAuthor(reportId, open);
  const purge = useDeleteEverything(reportId);
  // Awaited rather than mutate's callbacks: the card's actions (this component with them) go as soon
  // as its reports are approved, and the toast must still come.
  async function run(input: PurgeInput) {
    try {
      const r = await purge.mutateAsync(input);
      setOpen(false);
      toast({ title: `Deleted ${formatCountOf(r.deleted, 'paste')}`, variant: 'success' });
    } catch (err) {
      toastError('Error', err, 'Failed to delete the pastes.');
    }
  }
  const { account, address } = author.data ?? { account: null, address: null };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <UserX aria-hidden />
        Delete everything by this author…
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <div className="space-y-4">
            <DialogHeading title="Delete everything by this author?">
              Every live paste of the reported paste’s account, or every one sent from its address, is deleted
              for everyone at once. This cannot be undone.
            </DialogHeading>
            {author.isPending ? (
              <Spinner />
            ) : author.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {author.error.message}
              </p>
            ) : (
              <ul className="space-y-2 text-sm" aria-label="What would be deleted">
                <li>
                  {account ? (
                    <>
                      Account <strong>{account.username}</strong>: {formatCountOf(account.pastes, 'paste')}
                    </>
                  ) : (
                    'Sent without an account'
                  )}
                </li>
                <li>
                  {address ? (
                    <>
                      Address <code>{address.address}</code>: {formatCountOf(address.pastes, 'paste')}
                    </>
                  ) : (
                    'Address not known (made before addresses were kept)'
                  )}
                </li>
              </ul>
            )}
            <DialogActions>
              {account ? (
                <Button
                  variant="destructive"
                  disabled={purge.isPending}
                  onClick={() => run({ by: 'account', expected: account.pastes })}
                >
                  <Trash2 aria-hidden />
                  Delete {formatCountOf(account.pastes, 'paste')} by {account.username}
                </Button>
              ) : null}
              {address ? (
                <Button
                  variant="destructive"
                  disabled={purge.isPending}
                  onClick={() => run({ by: 'address', expected: address.pastes })}
                >
                  <Trash2 aria-hidden />
                  Delete {formatCountOf(address.pastes, 'paste')} from this address
                </Button>
              ) : null}
            </DialogActions>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
