/**
 * Where the huge-paste viewer is, as numbers: a scroll position ↔ the line at the top of the
 * viewport. Every line takes LINE_HEIGHT_PX of scroll space ("virtual" pixels), whatever its
 * rendered height; past MAX_SCROLL_HEIGHT_PX the scroll container is shorter than the lines and
 * one real pixel stands for several virtual ones (browsers cap an element's height: about 33.5M px
 * in Chromium, 17.9M in Firefox; a 1 GB log has 15M+ lines, 300M+ px at 20 px a line).
 */

export const LINE_HEIGHT_PX = 20;
export const MAX_SCROLL_HEIGHT_PX = 10_000_000;

export interface Geometry {
  totalLines: number;
  viewportHeight: number;
  lineHeight?: number;
  maxScrollHeight?: number;
}

/** The line at the top of the viewport (0-based) and how far (0..1) it is scrolled past. */
export interface Anchor {
  index: number;
  fraction: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const lineHeightOf = (g: Geometry) => g.lineHeight ?? LINE_HEIGHT_PX;

/** The top of the viewport may go down to the last line: it can be read at the top, as editors allow. */
export function maxVirtualTop(g: Geometry): number {
  return Math.max(0, g.totalLines - 1) * lineHeightOf(g);
}

/** All lines, as if nothing capped the height. */
export function virtualHeight(g: Geometry): number {
  return maxVirtualTop(g) + g.viewportHeight;
}

/** The height the scroll container's content really gets. */
export function scrollHeight(g: Geometry): number {
  return Math.min(virtualHeight(g), g.maxScrollHeight ?? MAX_SCROLL_HEIGHT_PX);
}

export function isScaled(g: Geometry): boolean {
  return virtualHeight(g) > scrollHeight(g);
}

function maxScrollTop(g: Geometry): number {
  return Math.max(0, scrollHeight(g) - g.viewportHeight);
}

/** A real scrollTop → the virtual offset of the viewport's top. */
export function toVirtualTop(scrollTop: number, g: Geometry): number {
  const top = clamp(scrollTop, 0, maxScrollTop(g));
  if (!isScaled(g)) return top;
  const realRange = maxScrollTop(g);
  return realRange === 0 ? 0 : (top / realRange) * maxVirtualTop(g);
}

/** A virtual offset → the scrollTop that shows it (the inverse of toVirtualTop). */
export function toScrollTop(virtualTop: number, g: Geometry): number {
  const top = clamp(virtualTop, 0, maxVirtualTop(g));
  if (!isScaled(g)) return top;
  const virtualRange = maxVirtualTop(g);
  return virtualRange === 0 ? 0 : (top / virtualRange) * maxScrollTop(g);
}

export function anchorAt(virtualTop: number, g: Geometry): Anchor {
  const h = lineHeightOf(g);
  const top = clamp(virtualTop, 0, maxVirtualTop(g));
  const index = Math.min(Math.floor(top / h), Math.max(0, g.totalLines - 1));
  return { index, fraction: clamp(top / h - index, 0, 1) };
}

export function virtualTopOf(anchor: Anchor, g: Geometry): number {
  return clamp((anchor.index + anchor.fraction) * lineHeightOf(g), 0, maxVirtualTop(g));
}

/** The virtual offset that shows `line` (1-based, clamped) at the top or in the middle of the viewport. */
export function virtualTopForLine(line: number, g: Geometry, align: 'top' | 'center' = 'center'): number {
  const h = lineHeightOf(g);
  const index = clamp(Math.round(line), 1, Math.max(1, g.totalLines)) - 1;
  const shift = align === 'center' ? Math.max(0, (g.viewportHeight - h) / 2) : 0;
  return clamp(index * h - shift, 0, maxVirtualTop(g));
}

/**
 * Moves the anchor by `delta` rendered pixels through lines of the given heights (wrapped lines are
 * taller than LINE_HEIGHT_PX): a wheel turn reads through a long wrapped line at reading speed
 * instead of skipping it in one line's worth of scroll. Stops at the first and the last line.
 */
export function scrollAnchorBy(
  anchor: Anchor,
  delta: number,
  heightOf: (index: number) => number,
  totalLines: number,
): Anchor {
  let { index, fraction } = anchor;
  let rest = delta;
  const last = Math.max(0, totalLines - 1);
  while (rest > 0) {
    if (index >= last) return { index: last, fraction: 0 };
    const h = Math.max(1, heightOf(index));
    const left = (1 - fraction) * h;
    if (rest < left) return { index, fraction: fraction + rest / h };
    rest -= left;
    index += 1;
    fraction = 0;
  }
  while (rest < 0) {
    const h = Math.max(1, heightOf(index));
    const above = fraction * h;
    if (-rest <= above) return { index, fraction: fraction + rest / h };
    rest += above;
    if (index === 0) return { index: 0, fraction: 0 };
    index -= 1;
    fraction = 1;
  }
  return { index: Math.min(index, last), fraction: index >= last ? 0 : fraction };
}
