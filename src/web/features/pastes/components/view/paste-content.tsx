import { WrapText } from 'lucide-react';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { VERY_LARGE_PREVIEW_LINES } from '../../../../../common/constants';
import type { ReadablePasteView } from '../../../../../common/schemas/paste';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { formatCount, formatCountOf, formatSize } from '../../../../lib/format';
import { PageTextLines } from '../../../../lib/page-text-lines';
import { canHighlight, useHighlight } from '../../hooks/use-highlight';
import { useLanguageChoice } from '../../hooks/use-language-choice';
import { joinFragment, splitFragment } from '../../lib/key-fragment';
import { formatLineHash, parseLineHash, selectLine } from '../../lib/line-range';
import { downloadFileName, saveTextFile } from '../../lib/paste-links';
import { sizeLevel } from '../../lib/size-levels';
import { CodeView } from './code-view';
import { LanguagePicker } from './language-picker';

/** Lines as shown: a final line break does not start an empty last line. */
export function splitLines(content: string): string[] {
  const lines = content.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Keeps #L12 / #L12-L20 in the URL and scrolls to it when it did not come from a click here. An
 * encrypted paste's fragment starts with its key (`#<key>&L12`), which a line click keeps.
 */
function useLineLink(linkKey: string | null, prefix: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const hash = splitFragment(location.hash).lineHash;
  const range = parseLineHash(hash, prefix);
  const fromClick = useRef(false);

  useEffect(() => {
    const linked = parseLineHash(hash, prefix);
    if (!linked) return;
    if (fromClick.current) {
      fromClick.current = false;
      return;
    }
    document.getElementById(`${prefix}L${linked.start}`)?.scrollIntoView({ block: 'center' });
  }, [hash, prefix]);

  function select(line: number, extend: boolean) {
    const next = formatLineHash(selectLine(range, line, extend), prefix);
    if (next === hash) return;
    fromClick.current = true;
    navigate({ hash: joinFragment(linkKey, next) }, { replace: true, preventScrollReset: true });
  }
  return { range, select };
}

/**
 * The content of a paste: line numbers, highlighting below the size threshold, linkable lines,
 * and the size rules of spec §4 (a very large paste previews its first 1,000 lines).
 */
export function PasteContent({
  paste,
  content,
  onLanguage,
  linkKey = null,
  linePrefix = '',
}: {
  /** The paste, or one of its revisions: what names the download and picks the language. */
  paste: Pick<ReadablePasteView, 'id' | 'title' | 'language' | 'sizeBytes'>;
  content: string;
  /** The language the paste is shown as (chosen or detected; null = plain), for its download name. */
  onLanguage?: (language: string | null) => void;
  /** An encrypted paste's key, kept in front of line links. */
  linkKey?: string | null;
  /** A file of a multi-file paste: its line anchors' prefix (`file-notes-md-`); its language choice stays here. */
  linePrefix?: string;
}) {
  const lines = useMemo(() => splitLines(content), [content]);
  // The server's first HTML of a very large paste has only its preview: the whole counts here
  // (a paste's whole text, so not for one of its files).
  const pageLines = useContext(PageTextLines);
  const lineCount = (linePrefix ? null : pageLines) ?? lines.length;
  const level = sizeLevel(lineCount, paste.sizeBytes);
  const initialRange = parseLineHash(splitFragment(useLocation().hash).lineHash, linePrefix);
  const [showFull, setShowFull] = useState(
    () => level !== 'very-large' || (initialRange?.start ?? 0) > VERY_LARGE_PREVIEW_LINES,
  );
  const shown = useMemo(
    () => (showFull ? lines : lines.slice(0, VERY_LARGE_PREVIEW_LINES)),
    [lines, showFull],
  );
  const shownText = useMemo(() => (showFull ? content : shown.join('\n')), [content, shown, showFull]);
  const { choice, setChoice } = useLanguageChoice(paste, !linePrefix);
  const highlighted = useHighlight(shownText, choice);
  const shownAs: string | null = choice === 'auto' ? highlighted.language : choice;
  useEffect(() => onLanguage?.(shownAs), [onLanguage, shownAs]);
  const { range, select } = useLineLink(linkKey, linePrefix);
  const [wrap, setWrap] = useState(false);
  const sizeText = `${formatCountOf(lineCount, 'line')}, ${formatSize(paste.sizeBytes)}`;

  return (
    <div className="space-y-3">
      {!showFull ? (
        <Alert variant="info" title={`Very large paste (${sizeText})`}>
          <p>Showing the first {formatCount(VERY_LARGE_PREVIEW_LINES)} lines.</p>
          <div className="mt-3 flex flex-wrap gap-2 noscript:hidden">
            <Button size="sm" variant="outline" onClick={() => setShowFull(true)}>
              Show Full Content (may be slow)
            </Button>
            <Button size="sm" onClick={() => saveTextFile(content, downloadFileName(paste, shownAs))}>
              Download Instead
            </Button>
          </div>
        </Alert>
      ) : null}
      {showFull && level !== 'normal' ? (
        <Alert variant="warning" title={`Large paste (${sizeText})`}>
          Showing everything: scrolling and searching may be slow. Download it for the best performance.
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {/* Both need the app: hidden from the first HTML read without scripts. */}
        <div className="contents noscript:hidden">
          <LanguagePicker
            choice={choice}
            detected={highlighted.language}
            available={canHighlight(shownText)}
            onChange={setChoice}
          />
          <Button
            size="sm"
            variant="outline"
            aria-pressed={wrap}
            className="aria-pressed:bg-muted"
            onClick={() => setWrap((on) => !on)}
          >
            <WrapText aria-hidden />
            Wrap lines
          </Button>
        </div>
        <span className="ml-auto text-xs text-muted-foreground">{sizeText}</span>
      </div>
      <CodeView
        lines={shown}
        tokens={highlighted.lines}
        selected={range}
        onLineClick={select}
        linkKey={linkKey}
        wrap={wrap}
        linePrefix={linePrefix}
      />
    </div>
  );
}
