import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  formatLineHash,
  joinFragment,
  type LineRange,
  parseLineHash,
  selectLine,
  splitFragment,
} from '../../pastes';

/**
 * The viewer's #L123 / #L12-L20, as the paste view keeps it (paste-content's useLineLink): a
 * click on a line number sets it without scrolling; a hash that changes otherwise (typed, back,
 * forward) calls `onLinked` to scroll there. An encrypted paste's hash is `#<key>&L123`: the key
 * (`linkKey`) stays in front of every line hash written.
 */
export function useViewerHash(onLinked: (line: number) => void, linkKey: string | null = null) {
  const location = useLocation();
  const navigate = useNavigate();
  const lineHash = splitFragment(location.hash).lineHash;
  const range = parseLineHash(lineHash);
  const fromHere = useRef(true);
  const linked = useRef(onLinked);
  linked.current = onLinked;

  useEffect(() => {
    const target = parseLineHash(lineHash);
    // The first hash is the viewer's starting line; later ones set here need no scroll.
    if (fromHere.current) {
      fromHere.current = false;
      return;
    }
    if (target) linked.current(target.start);
  }, [lineHash]);

  function setRange(next: LineRange) {
    const value = formatLineHash(next);
    if (value === lineHash) return;
    fromHere.current = true;
    navigate({ hash: joinFragment(linkKey, value) }, { replace: true, preventScrollReset: true });
  }

  return {
    range,
    select: (line: number, extend: boolean) => setRange(selectLine(range, line, extend)),
    /** The hash for a line reached by jumping: already scrolled to. */
    mark: (line: number) => setRange({ start: line, end: line }),
  };
}
