import { Users } from 'lucide-react';
import { toastError } from '../../../components/ui/toast-store';
import { usePasteShares } from '../api/get-paste-shares';
import { usePutPasteShares } from '../api/put-paste-shares';
import { GranteeEditor, namesOfGrantees } from './grantee-editor';
import { ShareHistoryList } from './share-history';

/**
 * Whom a shared paste names: its author adds and removes people (by username) and their own
 * teams, each change saved at once; staff see the list. Below it, who changed it and when.
 */
export function SharePanel({ pasteId, editable }: { pasteId: string; editable: boolean }) {
  const shares = usePasteShares(pasteId, true);
  const save = usePutPasteShares(pasteId);
  const current = shares.data;

  return (
    <section
      aria-labelledby="share-panel-title"
      className="space-y-3 rounded-lg border border-border bg-muted/30 p-4 text-sm"
      data-testid="share-panel"
    >
      <h2 id="share-panel-title" className="flex items-center gap-2 font-semibold">
        <Users aria-hidden className="size-4 text-primary" />
        Shared with
      </h2>
      {current ? (
        <GranteeEditor
          grantees={current}
          editable={editable}
          busy={save.isPending}
          nobody={`Nobody yet: only you${editable ? '' : ' (and staff)'} can read it.`}
          onChange={(next, done) =>
            save.mutate(namesOfGrantees(next), {
              onSuccess: done,
              onError: (e) => toastError('Could not change the sharing', e),
            })
          }
        />
      ) : null}
      <ShareHistoryList pasteId={pasteId} />
    </section>
  );
}
