import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PasteView, ReadablePasteView } from '../../../../../common/schemas/paste';
import { LoadingBlock } from '../../../../components/ui/spinner';
import { toastError } from '../../../../components/ui/toast-store';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useUser } from '../../../auth/api/get-user';
import {
  type EncryptedFields,
  EncryptedProblem,
  loadEncryptedDownload,
  useDecryption,
} from '../../../encryption';
import { isProcessing, usePaste } from '../../api/get-paste';
import { useRevealPaste } from '../../api/reveal-paste';
import { useBurnConfirm } from '../../hooks/use-burn-confirm';
import { downloadAsCreator } from '../../lib/owner-download';
import { filesOf } from '../../lib/paste-files';
import { downloadUrl } from '../../lib/paste-links';
import { isReadableView } from '../../lib/readable-view';
import { PasteFiles } from '../files/paste-files';
import { PasteBody } from '../rendered/paste-body';
import { ExtremePaste } from './extreme-paste';
import { LazyPasswordDialog as PasswordDialog } from './lazy-password-dialog';
import { PasteActions } from './paste-actions';
import { PasteHeader } from './paste-header';
import { PasteNotices } from './paste-notices';
import {
  BurnRevealPrompt,
  PasteBurned,
  PasteLoadFailed,
  PasteLocked,
  PasteNotFound,
  PasteProcessing,
} from './paste-status';
import { VipBanner } from './vip-banner';
import { YourLinkPanel } from './your-link-panel';

// Only a shared paste, read by its author or staff, names whom it is shared with.
const SharePanel = lazy(() => import('../../../teams').then((m) => ({ default: m.SharePanel })));

// Only the signed-in author is offered to keep a paste in a collection.
const AddToCollection = lazy(() =>
  import('../../../collections').then((m) => ({ default: m.AddToCollection })),
);

function SharedWith({ paste }: { paste: PasteView }) {
  const { data: user } = useUser();
  const sharing = paste.privacy === 'shared' && (paste.isOwner || paste.staffAccess);
  const collecting = paste.isOwner === true && user != null && paste.username === user.username;
  if (!sharing && !collecting) return null;
  return (
    <Suspense fallback={null}>
      {sharing ? <SharePanel pasteId={paste.id} editable={paste.isOwner === true} /> : null}
      {collecting ? <AddToCollection pasteId={paste.id} /> : null}
    </Suspense>
  );
}

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
  const stateCleared = useRef(false);
  useEffect(() => {
    if (!justCreated || stateCleared.current) return;
    stateCleared.current = true;
    // The fragment stays: an encrypted paste's key is in it.
    navigate(location.pathname + location.search + location.hash, { replace: true, state: null });
  }, [justCreated, navigate, location.pathname, location.search, location.hash]);
  const reveal = useRevealPaste(id);
  const paste: (PasteView & EncryptedFields) | undefined = query.data;
  // An encrypted paste is opened here with the link's key; a plain one passes through.
  const decryption = useDecryption(paste);
  const [passwordOpen, setPasswordOpen] = useState(true);
  const [downloaded, setDownloaded] = useState(false);
  const [shownAs, setShownAs] = useState<string | null>(null);
  const showsContent =
    paste?.content !== undefined &&
    !isProcessing(paste) &&
    (decryption.kind === 'plain' || (decryption.kind === 'open' && decryption.content !== undefined));
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
  // Before the password dialog or the burn prompt: without the right key neither leads anywhere.
  if (
    decryption.kind === 'missing-key' ||
    decryption.kind === 'wrong-key' ||
    decryption.kind === 'undecryptable'
  ) {
    return (
      <Suspense fallback={<LoadingBlock label="Loading paste..." />}>
        <EncryptedProblem problem={decryption.kind} />
      </Suspense>
    );
  }
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
  if (decryption.kind === 'working') return <LoadingBlock label="Decrypting paste..." />;
  if (decryption.kind === 'waiting') {
    // An unlocked view without its sealed title: nothing here can open it.
    return (
      <Suspense fallback={<LoadingBlock label="Loading paste..." />}>
        <EncryptedProblem problem="undecryptable" />
      </Suspense>
    );
  }
  // What is shown: for an encrypted paste, its title and text as opened in this tab, and the
  // size of the text (the size levels go by what is shown, not by the sealed bytes).
  const shown: ReadablePasteView =
    decryption.kind === 'open'
      ? {
          ...paste,
          title: decryption.title,
          ...(decryption.content === undefined
            ? {}
            : { content: decryption.content, sizeBytes: decryption.sizeBytes ?? paste.sizeBytes }),
        }
      : paste;
  const key = decryption.kind === 'open' ? decryption.key : null;
  if (paste.requiresReveal && paste.content === undefined) {
    // Someone else opened it first: it is gone, as for any later visitor.
    if (reveal.error instanceof ApiError && reveal.error.status === 404) return <PasteNotFound />;
    return (
      <BurnRevealPrompt
        paste={shown}
        onReveal={() => reveal.mutate()}
        revealing={reveal.isPending}
        error={reveal.error ? errorMessage(reveal.error, 'Something went wrong.') : undefined}
      />
    );
  }
  const content = shown.content;
  const files = filesOf(shown);
  if (paste.isExtreme || content === undefined) {
    // The paste's own header and actions stay: only its text is replaced by the download.
    return (
      <article className="space-y-5" aria-label="Paste">
        {paste.vipBanner ? <VipBanner banner={paste.vipBanner} /> : null}
        <PasteHeader paste={shown} />
        {justCreated && paste.isOwner ? <YourLinkPanel paste={shown} linkKey={key} /> : null}
        <SharedWith paste={shown} />
        <PasteNotices paste={shown} burned={burner && downloaded} />
        <PasteActions paste={shown} burned={burner && downloaded} linkKey={key} />
        <ExtremePaste
          paste={shown}
          onDownload={(event) => {
            if (paste.encrypted) {
              // Decrypted in a Worker with the link's key, saved as the plaintext.
              event.preventDefault();
              if (!(paste.burnAfterReading && paste.isOwner)) setDownloaded(true);
              loadEncryptedDownload()
                .then((m) => m.downloadEncryptedPaste(paste, location.hash))
                .catch((error) => toastError('Download failed', error));
              return;
            }
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
      <PasteHeader paste={shown} />
      {justCreated && paste.isOwner ? <YourLinkPanel paste={shown} linkKey={key} /> : null}
      <SharedWith paste={shown} />
      <PasteNotices paste={shown} burned={burner} />
      <PasteActions
        paste={shown}
        content={content}
        burned={burner}
        language={shownAs}
        linkKey={key}
        files={files}
      />
      {files ? (
        <PasteFiles paste={shown} files={files} savedHere={paste.burnAfterReading} />
      ) : (
        <PasteBody paste={shown} imagesOf={shown} content={content} onLanguage={setShownAs} linkKey={key} />
      )}
    </article>
  );
}
