import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatLineHash, type LineRange, parseLineHash, selectLine } from '../../lib/line-range';

/**
 * The viewer's #L123 / #L12-L20, as the paste view keeps it (paste-content's useLineLink): a
 * click on a line number sets it without scrolling; a hash that changes otherwise (typed, back,
 * forward) calls `onLinked` to scroll there.
 */
export function useViewerHash(onLinked: (line: number) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const hash = location.hash;
  const range = parseLineHash(hash);
  const fromHere = useRef(true);
  const linked = useRef(onLinked);
  linked.current = onLinked;

  useEffect(() => {
    const target = parseLineHash(hash);
    // The first hash is the viewer's starting line; later ones set here need no scroll.
    if (fromHere.current) {
      fromHere.current = false;
      return;
    }
    if (target) linked.current(target.start);
  }, [hash]);

  function setRange(next: LineRange) {
    const value = formatLineHash(next);
    if (value === hash) return;
    fromHere.current = true;
    navigate({ hash: value }, { replace: true, preventScrollReset: true });
  }

  return {
    range,
    select: (line: number, extend: boolean) => setRange(selectLine(range, line, extend)),
    /** The hash for a line reached by jumping: already scrolled to. */
    mark: (line: number) => setRange({ start: line, end: line }),
  };
}
