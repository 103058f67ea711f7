import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PASTE_MESSAGES } from '../../../../common/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { PasswordDialog, PasteLoadFailed, PasteLocked, PasteNotFound } from '../../pastes';

/** A password paste read without its password or a live grant: its revisions are locked as it is. */
export function isLocked(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 401 || (error.status === 403 && error.message === PASTE_MESSAGES.passwordProtected))
  );
}

/**
 * Why revisions could not be read: locked (the paste's own password dialog; its grant then opens
 * every revision), not found (the paste, or only this revision), or a failure to try again.
 */
export function RevisionFailure({
  pasteId,
  error,
  onRetry,
}: {
  pasteId: string;
  error: unknown;
  onRetry: () => void;
}) {
  const queryClient = useQueryClient();
  const [passwordOpen, setPasswordOpen] = useState(true);
  if (isLocked(error)) {
    return (
      <>
        <PasteLocked onUnlock={() => setPasswordOpen(true)} />
        <PasswordDialog
          pasteId={pasteId}
          open={passwordOpen}
          onOpenChange={setPasswordOpen}
          onUnlocked={() => void queryClient.invalidateQueries({ queryKey: queryKeys.revisions(pasteId) })}
        />
      </>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    if (error.message !== PASTE_MESSAGES.revisionNotFound) return <PasteNotFound />;
    return (
      <Alert variant="warning" title={PASTE_MESSAGES.revisionNotFound} data-testid="revision-not-found">
        <p>This paste has no revision with that number.</p>
        <Button asChild size="sm" variant="outline" className="mt-3">
          <Link to={paths.pasteRevisions(pasteId)}>All revisions</Link>
        </Button>
      </Alert>
    );
  }
  return <PasteLoadFailed message={errorMessage(error, 'Something went wrong.')} onRetry={onRetry} />;
}
