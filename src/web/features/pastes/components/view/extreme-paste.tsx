import { BookOpenText, Download, HardDrive } from 'lucide-react';
import { type MouseEvent, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ReadablePasteView } from '../../../../../common/schemas/paste';
import { Button } from '../../../../components/ui/button';
import { LoadingBlock } from '../../../../components/ui/spinner';
import { ExtremeViewer } from '../../../huge-viewer';
import { joinFragment, splitFragment } from '../../lib/key-fragment';
import { parseLineHash } from '../../lib/line-range';
import { downloadUrl } from '../../lib/paste-links';
import { StatusCard } from './paste-status';

/**
 * Spec §2: a paste over 10 MB is offered as a download, and (issue 22) read in the browser by the
 * huge-paste viewer — opened by "View in browser" or a line link (#L123). An encrypted one too,
 * decrypted in this tab (its link `#<key>&L123`). Not for a burn paste: its one reader gets it
 * once, whole, as the download.
 */
export function ExtremePaste({
  paste,
  onDownload,
}: {
  paste: ReadablePasteView & { encrypted?: boolean };
  onDownload: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { key, lineHash } = splitFragment(location.hash);
  const encrypted = paste.encrypted === true;
  // An encrypted paste is shown here only once its link's key has opened its title.
  const viewable = !paste.burnAfterReading && (!encrypted || key !== null);
  const [viewing, setViewing] = useState(() => viewable && parseLineHash(lineHash) !== null);
  if (viewing) {
    const close = () => {
      setViewing(false);
      // The key stays in the link: without it the page could not open the paste again.
      if (lineHash) navigate({ hash: joinFragment(key, '') }, { replace: true, preventScrollReset: true });
    };
    return (
      <Suspense fallback={<LoadingBlock label="Loading the viewer..." />}>
        <ExtremeViewer
          paste={paste}
          keyText={encrypted ? key : null}
          onDownload={onDownload}
          onClose={close}
        />
      </Suspense>
    );
  }
  return (
    <StatusCard icon={<HardDrive aria-hidden className="size-6" />} title="Extremely Large Paste" level={2}>
      <p className="text-muted-foreground">
        {viewable
          ? `This paste is ${paste.contentSizeMB.toFixed(2)} MB, too large to display at once. Download it, or view it in the browser: its lines are ${encrypted ? 'decrypted in this tab' : 'fetched'} as you scroll.`
          : `This paste is ${paste.contentSizeMB.toFixed(2)} MB, too large to display in the browser. Download it to read it.`}
      </p>
      {paste.burnAfterReading && !paste.isOwner ? (
        <p className="text-sm text-destructive">It burns after reading: it can be downloaded only once.</p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <a href={downloadUrl(paste)} download onClick={(event) => onDownload(event)}>
            <Download aria-hidden />
            Download Paste
          </a>
        </Button>
        {viewable ? (
          <Button variant="outline" onClick={() => setViewing(true)}>
            <BookOpenText aria-hidden />
            View in browser
          </Button>
        ) : null}
      </div>
    </StatusCard>
  );
}
