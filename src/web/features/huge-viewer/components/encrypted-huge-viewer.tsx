import { ShieldAlert } from 'lucide-react';
import { type MouseEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { DECRYPT_DOWNLOAD_MESSAGES } from '../../../../common/messages';
import type { LineTable } from '../../../../common/paste-crypto/line-table';
import type { ReadablePasteView } from '../../../../common/schemas/paste';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress';
import { downloadUrl, lineTableUrl } from '../../pastes';
import { useLineWindows, type WindowFetcher } from '../hooks/use-line-windows';
import { useSealedPaste, useSealedSearch } from '../hooks/use-sealed-paste';
import { LineTableMismatchError, sealedWindows, UndecryptableError } from '../lib/encrypted-line-source';
import type { ChunkReader } from '../lib/sealed-lines';
import { ViewerBody } from './viewer-body';

interface EncryptedHugeViewerProps {
  paste: ReadablePasteView;
  /** The key from the link's fragment (already checked: it opened the title). */
  keyText: string;
  /** The decrypting download (paste-screen's), for the viewer's Download button. */
  onDownload: (event: MouseEvent<HTMLAnchorElement>) => void;
  onClose: () => void;
}

/**
 * An end-to-end encrypted extreme paste read in the browser (issues 21, 22): the server cannot
 * read its lines, so this tab decrypts them. The viewer waits for the line count rather than
 * letting it grow: the scroll height, Go to line and #L links all need the total, and a list
 * growing under the reader would move what they look at.
 */
export function EncryptedHugeViewer({ paste, keyText, onDownload, onClose }: EncryptedHugeViewerProps) {
  const [attempt, setAttempt] = useState(0);
  // The uploader's table did not match the text: the lines are counted here instead.
  const [countAnyway, setCountAnyway] = useState(false);
  const countInstead = useCallback(() => setCountAnyway(true), []);
  const sealed = useSealedPaste(
    { content: downloadUrl(paste), lineTable: lineTableUrl(paste) },
    keyText,
    attempt,
    countAnyway,
  );
  if (sealed.status === 'undecryptable') return <Undecryptable />;
  if (sealed.status === 'failed') {
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-destructive/40 p-4 text-sm">
        <p>Could not read this paste: {sealed.message}</p>
        <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
          Retry
        </Button>
      </div>
    );
  }
  if (sealed.status === 'opening') {
    return (
      <section aria-label="Paste viewer" className="py-8">
        <div className="mx-auto max-w-xl">
          <ProgressBar label="Opening the encrypted paste" value={null} />
        </div>
      </section>
    );
  }
  if (sealed.status === 'counting') {
    return (
      <section aria-label="Paste viewer" className="space-y-6 py-8">
        <div className="mx-auto max-w-xl space-y-3">
          <ProgressBar
            label="Decrypting to count lines"
            value={sealed.fraction === null ? null : sealed.fraction * 100}
          />
          <p className="text-sm text-muted-foreground">
            This paste is end-to-end encrypted: your browser reads it once, decrypting it as it arrives, to
            find its lines. Nothing decrypted leaves this tab.
          </p>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
        {sealed.preview ? <FirstLines lines={sealed.preview} /> : null}
      </section>
    );
  }
  return (
    <SealedLines
      paste={paste}
      read={sealed.read}
      table={sealed.table}
      onTableMismatch={countInstead}
      keyText={keyText}
      onDownload={onDownload}
      onClose={onClose}
    />
  );
}

function SealedLines({
  paste,
  read,
  table,
  keyText,
  onDownload,
  onClose,
  onTableMismatch,
}: EncryptedHugeViewerProps & { read: ChunkReader; table: LineTable; onTableMismatch: () => void }) {
  const [undecryptable, setUndecryptable] = useState(false);
  const fetchWindow = useMemo<WindowFetcher>(() => {
    const fetch = sealedWindows(read, table);
    return (window, signal) =>
      fetch(window, signal).catch((error: unknown) => {
        // A chunk that no longer opens: none of the paste is shown, not even what opened before.
        if (error instanceof UndecryptableError) setUndecryptable(true);
        if (error instanceof LineTableMismatchError) onTableMismatch();
        throw error;
      });
  }, [read, table, onTableMismatch]);
  const windows = useLineWindows(fetchWindow);
  const [query, setQuery] = useState('');
  const search = useSealedSearch(paste.id, read, table, query);
  const searchMismatch = search.error instanceof LineTableMismatchError;
  useEffect(() => {
    if (searchMismatch) onTableMismatch();
  }, [searchMismatch, onTableMismatch]);
  if (undecryptable || search.error instanceof UndecryptableError) return <Undecryptable />;
  return (
    <ViewerBody
      windows={windows}
      query={query}
      onQuery={setQuery}
      search={search}
      searcher="your browser"
      howRead="are decrypted in your browser as you scroll"
      linkKey={keyText}
      download={{ href: downloadUrl(paste), onClick: onDownload }}
      onClose={onClose}
    />
  );
}

/** The paste's first lines, readable while the rest is counted (a 1 GB paste takes seconds). */
function FirstLines({ lines }: { lines: string[] }) {
  const numbered = lines.map((text, i) => ({ line: i + 1, text }));
  return (
    <section aria-label="First lines" className="space-y-2">
      <p className="text-sm text-muted-foreground">Its first lines, while the rest is counted:</p>
      <ol className="overflow-x-auto rounded-lg border bg-muted/30 py-2 font-mono text-sm">
        {numbered.map(({ line, text }) => (
          <li key={line} className="flex gap-4 whitespace-pre px-3">
            <span aria-hidden className="w-12 shrink-0 select-none text-right text-muted-foreground">
              {line}
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The encrypted screens' wording (encrypted-problem.tsx), inside the page: nothing of the text is shown. */
function Undecryptable() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 p-8 text-center"
    >
      <ShieldAlert aria-hidden className="size-6 text-destructive" />
      <h2 className="text-xl font-bold">{DECRYPT_DOWNLOAD_MESSAGES.undecryptable}</h2>
      <p className="text-sm text-muted-foreground">
        The key is right, but the encrypted text does not match it: it was altered or cut short after it was
        made. None of it is shown, because none of it can be trusted.
      </p>
    </div>
  );
}
