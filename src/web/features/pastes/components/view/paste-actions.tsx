import { Check, Copy, Download, FileArchive, FileText, Flag, GitFork, QrCode, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { canAdminister, canForkPaste } from '../../../../../common/policies';
import type { PasteView } from '../../../../../common/schemas/paste';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast-store';
import { paths } from '../../../../config/paths';
import { pasteTitle } from '../../../../lib/paste-title';
import { useUser } from '../../../auth/api/get-user';
import { isProcessing } from '../../api/get-paste';
import { isAuthorOf } from '../../lib/author';
import type { ForkState } from '../../lib/fork';
import { linkWithKey } from '../../lib/key-fragment';
import type { PasteFile } from '../../lib/paste-files';
import { downloadFileName, downloadUrl, rawUrl, saveTextFile } from '../../lib/paste-links';
import { LazyShareDialog } from './lazy-share-dialog';

// Loaded when needed (most readers get no owner controls and report nothing): the paste page's
// first load stays within its JavaScript budget (e2e/first-load.spec.ts).
const OwnerActions = lazy(() => import('./owner-actions').then((m) => ({ default: m.OwnerActions })));
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

const copyFailed = () =>
  toast({ title: 'Failed to copy', description: 'Could not copy to clipboard', variant: 'destructive' });

/**
 * Raw of an encrypted paste: the plaintext opened here, as a text/plain blob in a new tab (the
 * server's raw answer is the sealed bytes).
 */
function openRawText(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  window.open(url, '_blank', 'noopener');
  // The new tab has read it by then; the URL would otherwise keep the text for the tab's life.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function copyContent(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: 'Paste content copied to clipboard.', variant: 'success' });
  } catch {
    copyFailed();
  }
}

/**
 * Copy, Download, Share (Web Share API when the browser has it, else copy the link), Raw, Fork,
 * the author's and an admin's controls (OwnerActions), Report (not for the paste's own author,
 * who requests its deletion instead). Without `content` (an extreme paste, offered as a download)
 * there is nothing to copy, save or fork here. A burn paste this reader has burned has no link
 * left to share or report. The page's first HTML is read without scripts too: there only Download
 * and Raw, links to the server, are shown (`noscript:hidden` on the rest).
 */
export function PasteActions({
  paste,
  content,
  burned,
  language,
  linkKey = null,
  files = null,
}: {
  /** For an encrypted paste: its opened title (the placeholder otherwise). */
  paste: PasteView & { encrypted?: boolean };
  content?: string;
  /** This reader burned the paste (it is gone from the server): no link to share or report. */
  burned: boolean;
  /** What the paste is shown as (chosen or detected), for the download's extension. */
  language?: string | null;
  /** An encrypted paste's key: Share and Report keep it; null for a plain paste. */
  linkKey?: string | null;
  /**
   * A multi-file paste's files: each has its own Copy, Raw and Download, so here the whole paste is
   * one ZIP (the server's download), and a fork, which takes one text, is not offered.
   */
  files?: PasteFile[] | null;
}) {
  const encrypted = paste.encrypted === true;
  const [reporting, setReporting] = useState(false);
  /** Said on the Share button for a moment once the link is copied. */
  const [linkCopied, setLinkCopied] = useState(false);
  /** Mounted from the first Report on, so a reason typed and cancelled is still there next time. */
  const [reportLoaded, setReportLoaded] = useState(false);
  /** The QR code dialog: mounted from its first opening on. */
  const [qrOpen, setQrOpen] = useState<boolean | null>(null);
  const navigate = useNavigate();
  const { data: user } = useUser();
  const isAuthor = isAuthorOf(paste, user);
  const canDelete = canAdminister(user?.role ?? null);
  // Until the user is known, the paste's owner is not offered Report only to see it vanish.
  const hideReport = isAuthor || (paste.isOwner && user === undefined);
  const status = isProcessing(paste) ? 'processing' : 'ready';
  const forkable =
    content !== undefined &&
    files === null &&
    canForkPaste({ privacy: paste.privacy, burnAfterReading: paste.burnAfterReading, status, encrypted });
  // The viewer's language choice (?lang=) goes with the link, so it opens the same way.
  const lang = new URLSearchParams(useLocation().search).get('lang');
  const path = `${paths.paste(paste.id)}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
  // No raw link for a burn paste: its reader has the only copy (the link would answer 'not found'),
  // and an anonymous creator's browser cannot send its creator token with a plain link, so opening
  // it would burn the paste.
  const showRaw = !paste.burnAfterReading && (!encrypted || content !== undefined) && files === null;

  async function share() {
    // Read when used, not while rendering: the page's first HTML is rendered on the server too.
    const link = `${window.location.origin}${linkWithKey(path, linkKey)}`;
    const data = { title: pasteTitle(paste), url: link };
    if (typeof navigator.share === 'function' && navigator.canShare?.(data)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      setLinkCopied(true);
      setTimeout(() => setLinkCopied(false), 2000);
    } catch {
      copyFailed();
    }
  }
  const fileName = downloadFileName(paste, language);

  return (
    <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Paste actions">
      {files && !paste.burnAfterReading ? (
        <Button asChild variant="outline" size="sm">
          <a href={downloadUrl(paste)} download={`${paste.id}.zip`}>
            <FileArchive aria-hidden />
            Download ZIP
          </a>
        </Button>
      ) : null}
      {content === undefined || files ? null : (
        <>
          <Button
            variant="outline"
            size="sm"
            className="noscript:hidden"
            onClick={() => copyContent(content)}
          >
            <Copy aria-hidden />
            Copy
          </Button>
          {encrypted || paste.burnAfterReading ? (
            // The server's copy is sealed, or already burned: only the text here can be saved.
            <Button variant="outline" size="sm" onClick={() => saveTextFile(content, fileName)}>
              <Download aria-hidden />
              Download
            </Button>
          ) : (
            // A link (it works without scripts); with them, the text here is saved under the name
            // of the language it is shown as.
            <Button asChild variant="outline" size="sm">
              <a
                href={downloadUrl(paste)}
                download={fileName}
                onClick={(event) => {
                  event.preventDefault();
                  saveTextFile(content, fileName);
                }}
              >
                <Download aria-hidden />
                Download
              </a>
            </Button>
          )}
        </>
      )}
      {burned ? null : (
        <Button variant="outline" size="sm" className="noscript:hidden" onClick={share}>
          {linkCopied ? <Check aria-hidden /> : <Share2 aria-hidden />}
          {linkCopied ? 'Link copied' : 'Share'}
        </Button>
      )}
      {burned ? null : (
        <Button variant="outline" size="sm" className="noscript:hidden" onClick={() => setQrOpen(true)}>
          <QrCode aria-hidden />
          QR code
        </Button>
      )}
      {qrOpen === null ? null : (
        <LazyShareDialog
          paste={paste}
          link={`${window.location.origin}${linkWithKey(path, linkKey)}`}
          encrypted={encrypted}
          open={qrOpen}
          onOpenChange={setQrOpen}
          fileNames={files?.map((file) => file.name)}
        />
      )}
      {showRaw && encrypted && content !== undefined ? (
        <Button variant="outline" size="sm" onClick={() => openRawText(content)}>
          <FileText aria-hidden />
          Raw
        </Button>
      ) : showRaw ? (
        <Button asChild variant="outline" size="sm">
          <a href={rawUrl(paste)} target="_blank" rel="noopener noreferrer">
            <FileText aria-hidden />
            Raw
          </a>
        </Button>
      ) : null}
      {forkable ? (
        // The create screen takes the text from the query cache this screen filled (lib/fork).
        <Button
          variant="outline"
          size="sm"
          className="noscript:hidden"
          onClick={() => navigate(paths.home, { state: { forkOf: paste.id } satisfies ForkState })}
        >
          <GitFork aria-hidden />
          Fork
        </Button>
      ) : null}
      {!burned && (isAuthor || canDelete || paste.revision > 1) ? (
        <Suspense fallback={null}>
          <OwnerActions paste={paste} isAuthor={isAuthor} canDelete={canDelete} />
        </Suspense>
      ) : null}
      {burned || hideReport ? null : (
        <>
          <Button
            variant="outline"
            size="sm"
            className="noscript:hidden"
            onClick={() => {
              setReportLoaded(true);
              setReporting(true);
            }}
          >
            <Flag aria-hidden />
            Report
          </Button>
          {reportLoaded ? (
            <Suspense fallback={null}>
              <ReportDialog
                pasteId={paste.id}
                linkKey={encrypted ? linkKey : null}
                open={reporting}
                onOpenChange={setReporting}
              />
            </Suspense>
          ) : null}
        </>
      )}
      <span role="status" className="sr-only">
        {linkCopied ? 'Link copied' : ''}
      </span>
    </div>
  );
}
