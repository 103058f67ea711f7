import { Fragment, type MouseEvent, useMemo } from 'react';
import { PASTE_TEXT_TIMING } from '../../../../../common/paint-timing';
import { cn } from '../../../../lib/cn';
import type { TokenLine } from '../../lib/highlight';
import { joinFragment } from '../../lib/key-fragment';
import { inRange, type LineRange } from '../../lib/line-range';
import './code-theme.css';

/** Lines per block; blocks off screen are skipped by layout and paint (content-visibility). */
const BLOCK_LINES = 400;
const LINE_HEIGHT_PX = 20;
/** When the first line's text is painted, for the page's own clock (React has no prop for it). */
const FIRST_LINE = { elementtiming: PASTE_TEXT_TIMING };

interface CodeViewProps {
  lines: string[];
  /** Highlighted tokens per line, or null for plain text. */
  tokens: TokenLine[] | null;
  selected: LineRange | null;
  onLineClick: (line: number, extend: boolean) => void;
  /** An encrypted paste's key: a line's link (copied, opened in a new tab) keeps it. */
  linkKey?: string | null;
  /** Long lines wrap at the view's width instead of scrolling sideways. */
  wrap?: boolean;
  /** A file of a multi-file paste: in front of its line ids and links (`file-notes-md-L12`). */
  linePrefix?: string;
}

function LineText({ text, tokens }: { text: string; tokens: TokenLine | undefined }) {
  if (!tokens) return text || '\u200b';
  if (tokens.length === 0) return '\u200b';
  return tokens.map((token, i) =>
    token.className ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: tokens of a line never reorder.
      <span key={i} className={token.className}>
        {token.text}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: tokens of a line never reorder.
      <Fragment key={i}>{token.text}</Fragment>
    ),
  );
}

/**
 * Paste content with line numbers and linkable lines. Everything is rendered as React text:
 * markup in a paste shows as characters. Long pastes render in blocks the browser lays out
 * only when they scroll into view.
 */
export function CodeView({
  lines,
  tokens,
  selected,
  onLineClick,
  linkKey = null,
  wrap = false,
  linePrefix = '',
}: CodeViewProps) {
  const gutter = `${String(lines.length).length + 2}ch`;
  const blocks = useMemo(() => {
    const result: number[] = [];
    for (let start = 0; start < lines.length; start += BLOCK_LINES) result.push(start);
    return result;
  }, [lines.length]);

  function click(event: MouseEvent<HTMLAnchorElement>, line: number) {
    event.preventDefault();
    onLineClick(line, event.shiftKey);
  }

  return (
    <div className="code-view overflow-x-auto rounded-lg border border-border bg-card py-3 font-mono text-[13px]">
      <div className={wrap ? 'w-full' : 'w-max min-w-full'} data-testid="paste-content">
        {blocks.map((start) => {
          const count = Math.min(BLOCK_LINES, lines.length - start);
          return (
            <div
              key={start}
              style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${count * LINE_HEIGHT_PX}px` }}
            >
              {lines.slice(start, start + count).map((text, offset) => {
                const line = start + offset + 1;
                const isSelected = inRange(selected, line);
                return (
                  <div
                    key={line}
                    id={`${linePrefix}L${line}`}
                    data-line={line}
                    aria-current={isSelected ? 'true' : undefined}
                    className={cn('flex leading-5', isSelected && 'bg-amber-400/20 dark:bg-amber-300/15')}
                  >
                    <a
                      href={joinFragment(linkKey, `#${linePrefix}L${line}`)}
                      onClick={(event) => click(event, line)}
                      aria-label={`Line ${line}`}
                      style={{ width: gutter }}
                      className={cn(
                        'sticky left-0 shrink-0 select-none bg-card pr-3 text-right text-muted-foreground/60 hover:text-foreground',
                        isSelected && 'bg-amber-100 text-foreground dark:bg-amber-950',
                      )}
                    >
                      {line}
                    </a>
                    <span
                      className={cn(
                        'pr-6 pl-3',
                        wrap ? 'min-w-0 whitespace-pre-wrap break-all' : 'whitespace-pre',
                      )}
                      {...(line === 1 ? FIRST_LINE : undefined)}
                    >
                      <LineText text={text} tokens={tokens?.[line - 1]} />
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
