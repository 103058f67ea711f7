import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  type Anchor,
  anchorAt,
  type Geometry,
  LINE_HEIGHT_PX as H,
  isScaled,
  scrollAnchorBy,
  toScrollTop,
  toVirtualTop,
  virtualTopForLine,
  virtualTopOf,
} from '../lib/scroll-geometry';

interface Position {
  anchor: Anchor;
  /** The container's real scrollTop this anchor is drawn against. */
  scrollTop: number;
}

/**
 * Where the huge-paste viewer is scrolled to, as an anchor (the line at the viewport's top and how
 * far it is scrolled past) kept in step with the container's real scrollTop (scroll-geometry).
 * Where scroll space no longer matches what is drawn (scaled, or wrapped lines taller than one
 * row) the wheel and the keys move the anchor by rendered pixels here; a dragged scrollbar or a
 * touch scroll lands on the line its position stands for. `anchorTop` is where the anchor line
 * is drawn, in the container's content coordinates.
 */
export function useAnchorScroll({
  totalLines,
  wrap,
  initialLine,
}: {
  totalLines: number;
  wrap: boolean;
  initialLine: number;
}) {
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
      // The line is placed within the viewer; the viewer, as little as the page must move, within
      // the window (it is never taller than the window, line-scroller.tsx): on a phone it starts
      // near the fold, and a line centred in it would be out of sight.
      container.current?.scrollIntoView({ block: 'nearest' });
    },
    [moveTo, wrap],
  );

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

  return { container, viewportHeight, anchorLine, anchorTop, scrollToLine, onScroll, onKeyDown };
}
