import { Link } from 'react-router';
import { PASTE_MESSAGES } from '../../../../common/messages';
import { editRefusal } from '../../../../common/policies';
import type { ReadablePasteView } from '../../../../common/schemas/paste';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { loginPath, paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUser } from '../../auth/api/get-user';
import { isReadableView, PasteLoadFailed, PasteNotFound } from '../../pastes';
import { isProcessing, usePaste } from '../../pastes/api/get-paste';
import { EditPasteForm } from './edit-paste-form';

const REFUSALS = {
  'not-yours': PASTE_MESSAGES.editNotYours,
  burn: PASTE_MESSAGES.editBurn,
  processing: PASTE_MESSAGES.editProcessing,
  extreme: PASTE_MESSAGES.editExtreme,
} as const;

function Refused({ id, message }: { id: string; message: string }) {
  return (
    <Alert variant="warning" title="This paste cannot be edited" data-testid="edit-refused">
      <p>{message}</p>
      <Button asChild size="sm" variant="outline" className="mt-3">
        <Link to={paths.paste(id)}>Back to the paste</Link>
      </Button>
    </Alert>
  );
}

/**
 * The edit screen: the newest revision, loaded as the paste view loads it, in an editor
 * for its signed-in author; anyone else, and a paste that cannot be edited, is told why.
 */
export function EditPasteScreen({ id }: { id: string }) {
  const user = useUser();
  const query = usePaste(id);
  const paste = query.data;

  if (query.isPending || user.isPending) return <LoadingBlock label="Loading paste..." />;
  if (!paste) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 410)) {
      return <PasteNotFound />;
    }
    return (
      <PasteLoadFailed
        message={errorMessage(query.error, 'Something went wrong.')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!user.data) {
    return (
      <Alert variant="info" title="Sign in to edit" data-testid="edit-refused">
        <p>Only the author of a paste can edit it, signed in to their account.</p>
        <Button asChild size="sm" className="mt-3">
          <Link to={loginPath(paths.pasteEdit(id))}>Sign in</Link>
        </Button>
      </Alert>
    );
  }
  const readable = isReadableView(paste) && paste.content !== undefined;
  const refusal = editRefusal({
    // An anonymous paste's creator token makes its browser an owner, not an author.
    isAuthor: paste.isOwner && paste.username === user.data.username,
    burnAfterReading: paste.burnAfterReading,
    processing: isProcessing(paste),
    sizeBytes: readable ? paste.sizeBytes : 0,
  });
  if (refusal) return <Refused id={id} message={REFUSALS[refusal]} />;
  if (!readable || paste.isExtreme) return <Refused id={id} message={PASTE_MESSAGES.editExtreme} />;
  return (
    <EditPasteForm
      // A reload after "edited meanwhile" starts again from the newest revision.
      key={paste.revision}
      paste={paste as ReadablePasteView & { content: string }}
      onReload={() => void query.refetch()}
    />
  );
}
