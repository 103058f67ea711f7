import { SAFETY_MESSAGES } from '../../../../../common/messages';
import type { PasteView } from '../../../../../common/schemas/paste';
import { Alert } from '../../../../components/ui/alert';

/**
 * Notices above the content: a paste held back from everyone else, staff access to a protected
 * paste, and what burn means for this viewer.
 */
export function PasteNotices({ paste, burned }: { paste: PasteView; burned: boolean }) {
  return (
    <>
      {paste.held ? (
        <Alert variant="warning" title="Held for review">
          {paste.isOwner
            ? SAFETY_MESSAGES.heldNotice
            : 'Only its author and the moderators can see it until it is approved.'}
        </Alert>
      ) : null}
      {paste.staffAccess ? (
        <Alert variant="info" title="Admin/Manager Access">
          This paste is password protected. You can read it because of your role; its password was not needed.
        </Alert>
      ) : null}
      {paste.burnAfterReading && paste.isOwner ? (
        <Alert variant="warning" title="Burn after reading — this is your own view">
          Viewing it yourself does not burn it. The link works once for someone else: the first person who
          opens it sees the content, then it is deleted for good.
        </Alert>
      ) : null}
      {burned ? (
        <Alert variant="destructive" title="This paste has been burned">
          It was set to burn after reading and has now been deleted from the server. This page is the only
          copy: copy or download the content before you leave.
        </Alert>
      ) : null}
    </>
  );
}
