import { Copy, Download, FileText, Flag, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { PasteView } from '../../../../../common/schemas/paste';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast-store';
import { paths } from '../../../../config/paths';
import { pasteTitle } from '../../../../lib/paste-title';
import { downloadFileName, rawUrl, saveTextFile } from '../../lib/paste-links';
import { ReportDialog } from './report-dialog';

const copyFailed = () =>
  toast({ title: 'Failed to copy', description: 'Could not copy to clipboard', variant: 'destructive' });

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `${what} copied to clipboard.`, variant: 'success' });
  } catch {
    copyFailed();
  }
}

/**
 * Copy, Download, Share (Web Share API when the browser has it, else copy the link), Raw, Report.
 * Without `content` (an extreme paste, offered as a download) there is nothing to copy or save
 * here. A burn paste this reader has burned has no link left to share or report.
 */
export function PasteActions({
  paste,
  content,
  burned,
  language,
}: {
  paste: PasteView;
  content?: string;
  /** This reader burned the paste (it is gone from the server): no link to share or report. */
  burned: boolean;
  /** What the paste is shown as (chosen or detected), for the download's extension. */
  language?: string | null;
}) {
  const [reporting, setReporting] = useState(false);
  // The viewer's language choice (?lang=) goes with the link, so it opens the same way.
  const lang = new URLSearchParams(useLocation().search).get('lang');
  const link = `${window.location.origin}${paths.paste(paste.id)}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
  // No raw link for a burn paste: its reader has the only copy (the link would answer 'not found'),
  // and an anonymous creator's browser cannot send its creator token with a plain link, so opening
  // it would burn the paste.
  const showRaw = !paste.burnAfterReading;

  async function share() {
    const data = { title: pasteTitle(paste), url: link };
    if (typeof navigator.share === 'function' && navigator.canShare?.(data)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copyText(link, 'Link');
  }

  return (
    <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Paste actions">
      {content === undefined ? null : (
        <>
          <Button variant="outline" size="sm" onClick={() => copyText(content, 'Paste content')}>
            <Copy aria-hidden />
            Copy
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => saveTextFile(content, downloadFileName(paste, language))}
          >
            <Download aria-hidden />
            Download
          </Button>
        </>
      )}
      {burned ? null : (
        <Button variant="outline" size="sm" onClick={share}>
          <Share2 aria-hidden />
          Share
        </Button>
      )}
      {showRaw ? (
        <Button asChild variant="outline" size="sm">
          <a href={rawUrl(paste)} target="_blank" rel="noopener noreferrer">
            <FileText aria-hidden />
            Raw
          </a>
        </Button>
      ) : null}
      {burned ? null : (
        <>
          <Button variant="outline" size="sm" onClick={() => setReporting(true)}>
            <Flag aria-hidden />
            Report
          </Button>
          <ReportDialog pasteId={paste.id} open={reporting} onOpenChange={setReporting} />
        </>
      )}
    </div>
  );
}
