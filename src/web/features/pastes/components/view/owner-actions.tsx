import { useQueryClient } from '@tanstack/react-query';
import { History, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { editRefusal } from '../../../../../common/policies';
import type { PasteView } from '../../../../../common/schemas/paste';
import { Button } from '../../../../components/ui/button';
import { paths } from '../../../../config/paths';
import { pasteTitle } from '../../../../lib/paste-title';
import { queryKeys } from '../../../../lib/query-keys';
import { RequestDeleteDialog } from '../../../account';
import { DeletePasteDialog } from '../../../admin';
import { isProcessing } from '../../api/get-paste';

/**
 * Edit and Revisions (while editRefusal allows an edit; Revisions also once the paste has more
 * than one), Request deletion for its author, Delete (after a confirmation) for an admin — who, as
 * the author, deletes rather than asks staff, that is, themselves. Loaded only for a viewer who
 * gets one of them (see PasteActions).
 */
export function OwnerActions({
  paste,
  isAuthor,
  canDelete,
}: {
  paste: PasteView;
  isAuthor: boolean;
  /** The viewer may delete any paste (DELETE /api/pastes/:id is the admin's). */
  canDelete: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [requesting, setRequesting] = useState(false);
  const [requested, setRequested] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // An encrypted paste's text is sealed under a key the server never has: not editable (409).
  const editable =
    !(paste as { encrypted?: boolean }).encrypted &&
    editRefusal({
      isAuthor,
      burnAfterReading: paste.burnAfterReading,
      processing: isProcessing(paste),
      sizeBytes: paste.sizeBytes ?? 0,
    }) === null;

  return (
    <>
      {editable ? (
        <Button asChild variant="outline" size="sm">
          <Link to={paths.pasteEdit(paste.id)}>
            <Pencil aria-hidden />
            Edit
          </Link>
        </Button>
      ) : null}
      {editable || paste.revision > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={paths.pasteRevisions(paste.id)}>
            <History aria-hidden />
            Revisions
          </Link>
        </Button>
      ) : null}
      {isAuthor && !canDelete ? (
        <>
          <Button variant="outline" size="sm" disabled={requested} onClick={() => setRequesting(true)}>
            <Trash2 aria-hidden />
            {requested ? 'Deletion requested' : 'Request deletion'}
          </Button>
          {requesting ? (
            <RequestDeleteDialog
              pasteId={paste.id}
              pasteLabel={pasteTitle(paste)}
              open
              onOpenChange={setRequesting}
              onRequested={() => setRequested(true)}
            />
          ) : null}
        </>
      ) : null}
      {canDelete ? (
        <>
          <Button
            variant="outline"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
          {deleting ? (
            <DeletePasteDialog
              pasteId={paste.id}
              onClose={() => setDeleting(false)}
              onDeleted={() => {
                navigate(paths.home);
                queryClient.removeQueries({ queryKey: queryKeys.paste(paste.id) });
              }}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
