import {
  type KeyboardEvent,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { inRange, type LineRange } from '../../lib/line-range';
import {
  type Anchor,
  anchorAt,
  type Geometry,
  LINE_HEIGHT_PX as H,
  isScaled,
  scrollAnchorBy,
  scrollHeight,
  toScrollTop,
  toVirtualTop,
  virtualTopForLine,
  virtualTopOf,
} from './scroll-geometry';
import type { LineState } from './use-line-windows';
import { ViewerLine } from './viewer-line';
import { windowStart, windowsFor } from './window-cache';

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
}

interface Position {
  anchor: Anchor;
  /** The container's real scrollTop this anchor is drawn against. */
  scrollTop: number;
}

/**
 * The virtualised list. Scroll space is LINE_HEIGHT_PX per line, scaled down past the browser's
 * height cap (scroll-geometry); only the lines around the viewport are in the DOM, drawn from the
 * anchor line (the one at the viewport's top) downwards and upwards. Where scroll space no longer
 * matches what is drawn (scaled, or wrapped lines taller than one row) the wheel and the keys move
 * the anchor by rendered pixels themselves; a dragged scrollbar or a touch scroll still lands on
 * the line its position stands for.
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
}: LineScrollerProps) {
  const container = useRef<HTMLElement>(null);
  const [viewportHeight, setViewportHeight] = useState(0);
  const [position, setPosition] = useState<Position>({ anchor: { index: 0, fraction: 0 }, scrollTop: 0 });
  const [anchorHeight, setAnchorHeight] = useState<{ line: number; height: number } | null>(null);
  const written = useRef<number | null>(null);
  const pendingLine = useRef<number | null>(initialLine > 1 ? initialLine : null);
  const geometry: Geometry = { totalLines, viewportHeight };
  const geometryRef = useRef(geometry);
  geometryRef.current = geometry;
  const positionRef = useRef(position);
  positionRef.current = position;

  const moveTo = useCallback((anchor: Anchor) => {
    const el = container.current;
    if (!el) return;
    el.scrollTop = toScrollTop(virtualTopOf(anchor, geometryRef.current), geometryRef.current);
    written.current = el.scrollTop;
    setPosition({ anchor, scrollTop: el.scrollTop });
  }, []);

  const scrollToLine = useCallback(
    (target: number) => {
      const g = geometryRef.current;
      if (g.viewportHeight === 0) {
        pendingLine.current = target;
        return;
      }
      const top = wrap
        ? Math.max(0, virtualTopForLine(target, g, 'top') - 2 * H)
        : virtualTopForLine(target, g);
      moveTo(anchorAt(top, g));
    },
    [moveTo, wrap],
  );
  useImperativeHandle(ref, () => ({ scrollToLine }), [scrollToLine]);

  // The viewport's height: measured, and kept as the window or the phone turns.
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const measure = () => setViewportHeight(el.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Once measured (and whenever the height changes) the scrollbar is put where the anchor is.
  useLayoutEffect(() => {
    if (viewportHeight === 0) return;
    if (pendingLine.current !== null) {
      const target = pendingLine.current;
      pendingLine.current = null;
      scrollToLine(target);
      return;
    }
    moveTo(positionRef.current.anchor);
  }, [viewportHeight, scrollToLine, moveTo]);

  function onScroll() {
    const el = container.current;
    if (!el) return;
    // The echo of a position set here: the anchor already says where we are, finer than scrollTop.
    if (written.current !== null && Math.abs(el.scrollTop - written.current) < 1) return;
    written.current = el.scrollTop;
    setPosition({
      anchor: anchorAt(toVirtualTop(el.scrollTop, geometry), geometry),
      scrollTop: el.scrollTop,
    });
  }

  const heightOf = useCallback(
    (index: number) => {
      if (!wrap) return H;
      const el = container.current?.querySelector<HTMLElement>(`[data-line="${index + 1}"]`);
      return el ? el.offsetHeight : H;
    },
    [wrap],
  );

  /** Moves by rendered pixels; false at an end (so the page may scroll on instead). */
  const scrollBy = useCallback(
    (delta: number): boolean => {
      const { anchor } = positionRef.current;
      const next = scrollAnchorBy(anchor, delta, heightOf, geometryRef.current.totalLines);
      if (next.index === anchor.index && next.fraction === anchor.fraction) return false;
      moveTo(next);
      return true;
    },
    [heightOf, moveTo],
  );

  // Wheel: native where scroll space is what is drawn; here otherwise (scaled or wrapped).
  const ownsWheel = wrap || isScaled(geometry);
  useEffect(() => {
    const el = container.current;
    if (!el || !ownsWheel) return;
    const onWheel = (event: WheelEvent) => {
      if (Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      const unit = event.deltaMode === 1 ? H : event.deltaMode === 2 ? el.clientHeight : 1;
      if (scrollBy(event.deltaY * unit)) event.preventDefault();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ownsWheel, scrollBy]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.altKey || event.metaKey || event.ctrlKey) return;
    const page = Math.max(H, viewportHeight - 2 * H);
    const onSelf = event.target === event.currentTarget;
    const moves: Record<string, () => void> = {
      ArrowDown: () => scrollBy(H),
      ArrowUp: () => scrollBy(-H),
      PageDown: () => scrollBy(page),
      PageUp: () => scrollBy(-page),
      Home: () => moveTo({ index: 0, fraction: 0 }),
      End: () => scrollToLine(totalLines),
    };
    if (onSelf) moves[' '] = () => scrollBy(event.shiftKey ? -page : page);
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  const { anchor, scrollTop } = position;
  const anchorLine = anchor.index + 1;
  const firstLine = Math.max(1, anchorLine - OVERSCAN);
  const lastLine = Math.min(totalLines, anchorLine + Math.ceil(viewportHeight / H) + OVERSCAN);
  const drawnAnchorHeight = wrap && anchorHeight?.line === anchorLine ? anchorHeight.height : H;
  const anchorTop = scrollTop - anchor.fraction * drawnAnchorHeight;

  // Wrapped: the anchor line's real height decides how far "fraction" of it is scrolled past.
  useLayoutEffect(() => {
    if (!wrap) return;
    const el = container.current?.querySelector<HTMLElement>(`[data-line="${anchorLine}"]`);
    const height = el?.offsetHeight ?? H;
    setAnchorHeight((known) =>
      known?.line === anchorLine && known.height === height ? known : { line: anchorLine, height },
    );
  });

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
        className="code-view h-[70vh] min-h-64 overflow-auto rounded-lg border border-border bg-muted/30 font-mono text-[13px] focus-visible:outline-2 focus-visible:outline-ring"
      >
        <div
          className="relative"
          style={{ height: scrollHeight(geometry), overflowX: 'visible', overflowY: 'clip' }}
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
