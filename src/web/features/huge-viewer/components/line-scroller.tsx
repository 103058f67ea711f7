import { type Ref, useEffect, useImperativeHandle } from 'react';
import { inRange, type LineRange } from '../../pastes';
import { useAnchorScroll } from '../hooks/use-anchor-scroll';
import type { LineState } from '../hooks/use-line-windows';
import { LINE_HEIGHT_PX as H, scrollHeight } from '../lib/scroll-geometry';
import { windowStart, windowsFor } from '../lib/window-cache';
import { ViewerLine } from './viewer-line';

/** Lines rendered above and below the viewport. */
const OVERSCAN = 10;

export interface LineScrollerHandle {
  /** Shows `line` (clamped): centred, or near the top when lines wrap (heights above it are unknown). */
  scrollToLine(line: number): void;
}

interface LineScrollerProps {
  ref?: Ref<LineScrollerHandle>;
  totalLines: number;
  line: (n: number) => LineState;
  request: (windows: number[]) => void;
  retry: (window: number) => void;
  wrap: boolean;
  selected: LineRange | null;
  searchLine: number | null;
  query: string;
  initialLine: number;
  onLineClick: (line: number, extend: boolean) => void;
  /** An encrypted paste's key, kept in front of the line links (`#<key>&L12`). */
  linkKey?: string | null;
}

/**
 * The virtualised list. Scroll space is LINE_HEIGHT_PX per line, scaled down past the browser's
 * height cap (scroll-geometry, use-anchor-scroll); only the lines around the viewport are in the
 * DOM, drawn from the anchor line (the one at the viewport's top) downwards and upwards, and only
 * their windows are asked for.
 */
export function LineScroller({
  ref,
  totalLines,
  line,
  request,
  retry,
  wrap,
  selected,
  searchLine,
  query,
  initialLine,
  onLineClick,
  linkKey = null,
}: LineScrollerProps) {
  const { container, viewportHeight, anchorLine, anchorTop, scrollToLine, onScroll, onKeyDown } =
    useAnchorScroll({ totalLines, wrap, initialLine });
  useImperativeHandle(ref, () => ({ scrollToLine }), [scrollToLine]);
  const firstLine = Math.max(1, anchorLine - OVERSCAN);
  const lastLine = Math.min(totalLines, anchorLine + Math.ceil(viewportHeight / H) + OVERSCAN);
  useEffect(() => {
    if (viewportHeight > 0) request(windowsFor(firstLine, lastLine));
  }, [firstLine, lastLine, viewportHeight, request]);

  const gutter = `calc(${String(totalLines).length}ch + 1.5rem)`;
  // Retry goes away with the failure: the focus stays in the viewer rather than falling to the page.
  const retryWindow = (window: number) => {
    container.current?.focus({ preventScroll: true });
    retry(window);
  };
  const renderLine = (n: number) => {
    const state = line(n);
    // A failed window says so on its first line in view (not on one above it, out of sight).
    const showsError = state.status === 'error' && n === Math.max(windowStart(state.window), anchorLine);
    return (
      <ViewerLine
        key={n}
        n={n}
        state={state}
        wrap={wrap}
        gutter={gutter}
        selected={inRange(selected, n)}
        searchHit={searchLine === n}
        query={query}
        showsError={showsError}
        onLineClick={onLineClick}
        onRetry={retryWindow}
        linkKey={linkKey}
      />
    );
  };
  const before: number[] = [];
  for (let n = firstLine; n < anchorLine; n += 1) before.push(n);
  const after: number[] = [];
  for (let n = anchorLine; n <= lastLine; n += 1) after.push(n);
  const visibleLast = Math.min(totalLines, anchorLine + Math.max(0, Math.floor(viewportHeight / H) - 1));
  const loading = windowsFor(anchorLine, visibleLast).some((w) => line(windowStart(w)).status === 'loading');
  const layer = wrap ? 'w-full' : 'w-max min-w-full';

  return (
    <div className="space-y-2">
      <section
        ref={container}
        aria-label="Paste text"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region is reached and scrolled by keyboard.
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        data-testid="huge-viewer-scroller"
        // At most the window's height under the sticky header (with room to spare), so that the
        // whole viewer, and the line centred in it, can be in sight at once; the margins keep it
        // clear of that header when it is scrolled into view.
        className="code-view h-[min(70vh,calc(100dvh-6rem))] min-h-48 scroll-mt-20 scroll-mb-2 overflow-auto rounded-lg border border-border bg-card font-mono text-[13px] focus-visible:outline-2 focus-visible:outline-ring"
      >
        <div
          className="relative"
          style={{
            height: scrollHeight({ totalLines, viewportHeight }),
            overflowX: 'visible',
            overflowY: 'clip',
          }}
        >
          <div className={`absolute left-0 -translate-y-full ${layer}`} style={{ top: anchorTop }}>
            {before.map(renderLine)}
          </div>
          <div className={`absolute left-0 ${layer}`} style={{ top: anchorTop }}>
            {after.map(renderLine)}
          </div>
        </div>
      </section>
      <p
        className="flex flex-wrap justify-between gap-x-4 text-xs text-muted-foreground"
        data-testid="huge-viewer-status"
      >
        <span>
          {/* Wrapped, how many lines fit is not known without measuring them all: the first one is. */}
          {wrap
            ? `Line ${anchorLine.toLocaleString('en')} of ${totalLines.toLocaleString('en')} at the top`
            : `Lines ${anchorLine.toLocaleString('en')}–${visibleLast.toLocaleString('en')} of ${totalLines.toLocaleString('en')}`}
        </span>
        <span role="status">{loading ? 'Loading lines…' : ''}</span>
      </p>
    </div>
  );
}
