import { Download, WrapText, X } from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { formatMegabytes } from '../../../lib/format';
import type { useLineWindows } from '../hooks/use-line-windows';
import { useViewerHash } from '../hooks/use-viewer-hash';
import { WINDOW_LINES, windowOf, windowStart } from '../lib/window-cache';
import { JumpForm } from './jump-form';
import { LineScroller, type LineScrollerHandle } from './line-scroller';
import { SearchPanel, type SearchResults } from './search-panel';

export interface ViewerBodyProps {
  windows: ReturnType<typeof useLineWindows>;
  query: string;
  onQuery: (query: string) => void;
  search: SearchResults;
  /** Who searches and reads ("the server", "your browser"), and how the lines come ("are read from the server as you scroll"). */
  searcher: string;
  howRead: string;
  /** An encrypted paste's key: kept in the #L links. */
  linkKey: string | null;
  download: { href: string; onClick?: (event: MouseEvent<HTMLAnchorElement>) => void };
  onClose: () => void;
}

/**
 * The huge-paste viewer whatever its lines come from (the server's windows, or an encrypted
 * paste's chunks decrypted in the tab): line numbers and #L links, go to line, wrap, search.
 */
export function ViewerBody({
  windows,
  query,
  onQuery,
  search,
  searcher,
  howRead,
  linkKey,
  download,
  onClose,
}: ViewerBodyProps) {
  const scroller = useRef<LineScrollerHandle>(null);
  const [searchLine, setSearchLine] = useState<number | null>(null);
  const [wrap, setWrap] = useState(false);
  const hash = useViewerHash((line) => scroller.current?.scrollToLine(line), linkKey);
  const [initialLine] = useState(() => hash.range?.start ?? 1);
  const { size, request, retry, line } = windows;

  // The window of the starting line comes first: its answer says how many lines there are.
  useEffect(() => {
    if (!size) request([windowOf(initialLine)]);
  }, [size, request, initialLine]);

  if (!size) {
    const first = line(windowStart(windowOf(initialLine)));
    if (first.status !== 'error') return <LoadingBlock label="Loading lines..." />;
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-destructive/40 p-4 text-sm">
        <p>
          Could not load lines {windowStart(first.window).toLocaleString('en')}–
          {(windowStart(first.window) + WINDOW_LINES - 1).toLocaleString('en')}: {first.message}
        </p>
        <Button size="sm" onClick={() => retry(first.window)}>
          Retry
        </Button>
      </div>
    );
  }
  const start = Math.min(initialLine, size.totalLines);

  function jump(target: number) {
    scroller.current?.scrollToLine(target);
    hash.mark(target);
  }

  return (
    <section aria-label="Paste viewer" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" data-testid="huge-viewer-summary">
          {size.totalLines.toLocaleString('en')} lines, {formatMegabytes(size.sizeBytes)}: lines {howRead}.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-pressed={wrap} onClick={() => setWrap((on) => !on)}>
            <WrapText aria-hidden />
            Wrap lines
          </Button>
          <Button size="sm" variant="outline" asChild>
            <a href={download.href} download onClick={download.onClick}>
              <Download aria-hidden />
              Download Paste
            </a>
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            <X aria-hidden />
            Close viewer
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
        <JumpForm totalLines={size.totalLines} onJump={jump} />
      </div>
      <SearchPanel
        query={query}
        search={search}
        searcher={searcher}
        sizeBytes={size.sizeBytes}
        onQuery={(q) => {
          onQuery(q);
          setSearchLine(null);
        }}
        onStep={(target) => {
          setSearchLine(target);
          scroller.current?.scrollToLine(target);
        }}
      />
      <LineScroller
        ref={scroller}
        totalLines={size.totalLines}
        line={line}
        request={request}
        retry={retry}
        wrap={wrap}
        selected={hash.range}
        searchLine={searchLine}
        query={query}
        initialLine={start}
        onLineClick={hash.select}
        linkKey={linkKey}
      />
    </section>
  );
}
