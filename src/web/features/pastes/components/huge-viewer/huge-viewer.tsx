import { Download, WrapText, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ReadablePasteView } from '../../../../../common/schemas/paste';
import { Button } from '../../../../components/ui/button';
import { LoadingBlock } from '../../../../components/ui/spinner';
import { formatMegabytes } from '../../../../lib/format';
import { downloadUrl } from '../../lib/paste-links';
import { JumpForm } from './jump-form';
import { LineScroller, type LineScrollerHandle } from './line-scroller';
import { SearchPanel } from './search-panel';
import { useLineWindows } from './use-line-windows';
import { useViewerHash } from './use-viewer-hash';
import { WINDOW_LINES, windowOf, windowStart } from './window-cache';

/**
 * An extreme paste read in the browser (issue 22): lines fetched by windows as they come into
 * view (GET /api/pastes/:id/lines), line numbers and #L links, go to line, wrap, and search on
 * the server. Loaded as its own chunk, only when asked for.
 */
export function HugeViewer({ paste, onClose }: { paste: ReadablePasteView; onClose: () => void }) {
  const access = paste.accessToken;
  const windows = useLineWindows(paste.id, access);
  const scroller = useRef<LineScrollerHandle>(null);
  const [searchLine, setSearchLine] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [wrap, setWrap] = useState(false);
  const hash = useViewerHash((line) => scroller.current?.scrollToLine(line));
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
        <p className="text-sm text-muted-foreground">
          {size.totalLines.toLocaleString('en')} lines, {formatMegabytes(size.sizeBytes)}: lines are read from
          the server as you scroll.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-pressed={wrap} onClick={() => setWrap((on) => !on)}>
            <WrapText aria-hidden />
            Wrap lines
          </Button>
          <Button size="sm" variant="outline" asChild>
            <a href={downloadUrl(paste)} download>
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
        pasteId={paste.id}
        access={access}
        sizeBytes={size.sizeBytes}
        onQuery={(q) => {
          setQuery(q);
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
      />
    </section>
  );
}
