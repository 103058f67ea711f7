import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
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
  PasteBurned,
  PasteLoadFailed,
  PasteLocked,
  PasteNotFound,
  PasteProcessing,
} from './paste-status';
import { VipBanner } from './vip-banner';
import { YourLinkPanel } from './your-link-panel';

/**
 * The paste view (spec §2, §4): loading, not found, locked, processing, a burn paste waiting for
 * "Show paste", extreme, or the paste.
 */
export function PasteScreen({ id }: { id: string }) {
  const query = usePaste(id);
  // The author's first view, right after Create (router state): the link panel. Read once, then
  // cleared, so a reload shows the paste as anyone sees it.
  const location = useLocation();
  const navigate = useNavigate();
  const [justCreated] = useState(() => (location.state as { created?: boolean } | null)?.created === true);
  useEffect(() => {
    if (justCreated) navigate(location.pathname + location.search, { replace: true, state: null });
  }, [justCreated, navigate, location.pathname, location.search]);
  const reveal = useRevealPaste(id);
  const paste = query.data;
  const [passwordOpen, setPasswordOpen] = useState(true);
  const [downloaded, setDownloaded] = useState(false);
  const [shownAs, setShownAs] = useState<string | null>(null);
  const showsContent = paste?.content !== undefined && !isProcessing(paste);
  useBurnConfirm(paste, showsContent || downloaded);

  useEffect(() => {
    if (paste?.requiresPassword) setPasswordOpen(true);
  }, [paste?.requiresPassword]);

  if (query.isPending) return <LoadingBlock label="Loading paste..." />;
  // Content already shown stays shown, even if a later refetch fails (a burned paste answers 404).
  if (!paste) {
    if (query.error instanceof ApiError && query.error.code === 'BURNED') {
      return <PasteBurned burnedAt={query.error.body?.burnedAt} />;
    }
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
  // This reader is the one a burn paste is destroyed for (once its content is delivered).
  const burner = paste.burnAfterReading && !paste.isOwner;
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
    // The paste's own header and actions stay: only its text is replaced by the download.
    return (
      <article className="space-y-5" aria-label="Paste">
        {paste.vipBanner ? <VipBanner banner={paste.vipBanner} /> : null}
        <PasteHeader paste={paste} />
        {justCreated && paste.isOwner ? <YourLinkPanel paste={paste} /> : null}
        <PasteNotices paste={paste} burned={burner && downloaded} />
        <PasteActions paste={paste} burned={burner && downloaded} />
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
      </article>
    );
  }

  return (
    <article className="space-y-5" aria-label="Paste">
      {paste.vipBanner ? <VipBanner banner={paste.vipBanner} /> : null}
      <PasteHeader paste={paste} />
      {justCreated && paste.isOwner ? <YourLinkPanel paste={paste} /> : null}
      <PasteNotices paste={paste} burned={burner} />
      <PasteActions paste={paste} content={paste.content} burned={burner} language={shownAs} />
      <PasteContent paste={paste} content={paste.content} onLanguage={setShownAs} />
    </article>
  );
}
