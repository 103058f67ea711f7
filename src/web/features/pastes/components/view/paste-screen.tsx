import { useEffect, useState } from 'react';
import { LoadingBlock } from '../../../../components/ui/spinner';
import { toastError } from '../../../../components/ui/toast-store';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { isProcessing, usePaste } from '../../api/get-paste';
import { useRevealPaste } from '../../api/reveal-paste';
import { useBurnConfirm } from '../../hooks/use-burn-confirm';
import { downloadAsCreator } from '../../lib/owner-download';
import { downloadUrl } from '../../lib/paste-links';
import { isReadableView } from '../../lib/readable-view';
import { PasswordDialog } from './password-dialog';
import { PasteActions } from './paste-actions';
import { PasteContent } from './paste-content';
import { PasteHeader } from './paste-header';
import { PasteNotices } from './paste-notices';
import {
  BurnRevealPrompt,
  ExtremePaste,
  PasteLoadFailed,
  PasteLocked,
  PasteNotFound,
  PasteProcessing,
} from './paste-status';
import { VipBanner } from './vip-banner';

/**
 * The paste view (spec §2, §4): loading, not found, locked, processing, a burn paste waiting for
 * "Show paste", extreme, or the paste.
 */
export function PasteScreen({ id }: { id: string }) {
  const query = usePaste(id);
  const reveal = useRevealPaste(id);
  const paste = query.data;
  const [passwordOpen, setPasswordOpen] = useState(true);
  const [downloaded, setDownloaded] = useState(false);
  const showsContent = paste?.content !== undefined && !isProcessing(paste);
  useBurnConfirm(paste, showsContent || downloaded);

  useEffect(() => {
    if (paste?.requiresPassword) setPasswordOpen(true);
  }, [paste?.requiresPassword]);

  if (query.isPending) return <LoadingBlock label="Loading paste..." />;
  // Content already shown stays shown, even if a later refetch fails (a burned paste answers 404).
  if (!paste) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    if (query.error && !notFound) {
      return (
        <PasteLoadFailed
          message={errorMessage(query.error, 'Something went wrong.')}
          onRetry={() => void query.refetch()}
        />
      );
    }
    return <PasteNotFound />;
  }
  if (isProcessing(paste)) return <PasteProcessing id={id} />;
  // A locked view has no size fields: everything past here reads an unlocked one.
  if (!isReadableView(paste) || (paste.requiresPassword && paste.content === undefined)) {
    return (
      <>
        <PasteLocked onUnlock={() => setPasswordOpen(true)} />
        <PasswordDialog
          pasteId={paste.id}
          burnAfterReading={paste.burnAfterReading}
          open={passwordOpen}
          onOpenChange={setPasswordOpen}
        />
      </>
    );
  }
  if (paste.requiresReveal && paste.content === undefined) {
    // Someone else opened it first: it is gone, as for any later visitor.
    if (reveal.error instanceof ApiError && reveal.error.status === 404) return <PasteNotFound />;
    return (
      <BurnRevealPrompt
        paste={paste}
        onReveal={() => reveal.mutate()}
        revealing={reveal.isPending}
        error={reveal.error ? errorMessage(reveal.error, 'Something went wrong.') : undefined}
      />
    );
  }
  if (paste.isExtreme || paste.content === undefined) {
    return (
      <ExtremePaste
        paste={paste}
        onDownload={(event) => {
          if (!(paste.burnAfterReading && paste.isOwner)) {
            setDownloaded(true);
            return;
          }
          event.preventDefault();
          downloadAsCreator(paste)
            .then((done) => {
              if (!done) window.location.assign(downloadUrl(paste));
            })
            .catch((error) => toastError('Download failed', error));
        }}
      />
    );
  }

  return (
    <article className="space-y-5" aria-label="Paste">
      {paste.vipBanner ? <VipBanner banner={paste.vipBanner} /> : null}
      <PasteHeader paste={paste} />
      <PasteNotices paste={paste} />
      <PasteActions paste={paste} content={paste.content} />
      <PasteContent paste={paste} content={paste.content} />
    </article>
  );
}
