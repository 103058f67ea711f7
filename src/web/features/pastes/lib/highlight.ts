/**
 * Syntax highlighting as token lines. highlight.js tokenizes and writes HTML in which paste text
 * is always escaped and the only tags are its own `<span class="…">` and `</span>`; that output
 * is read back into text and class names here (no DOM: this runs in a worker), so the view
 * renders React text nodes and never injects markup from a paste.
 */

import { linesOfHighlighted } from '../../../../common/highlighted-html';
import { hljs } from '../../../../common/render/hljs';
import { detectLanguage } from './detect-language';
import type { LanguageChoice, LanguageId } from './languages';

export interface Token {
  text: string;
  /** highlight.js scope classes of the innermost span, e.g. 'hljs-keyword'. */
  className?: string;
}
export type TokenLine = Token[];

export interface Highlighted {
  /** The language used: the choice, or the detected one for 'auto' (null = plain text). */
  language: LanguageId | null;
  /** One token list per line, or null for plain text. */
  lines: TokenLine[] | null;
}

/** Token lines from highlight.js HTML; any text outside its two tags is kept as text. */
export const tokenLines = (html: string): TokenLine[] =>
  linesOfHighlighted<string, Token>(
    html,
    (classes, outer) => classes || outer,
    (text, className) => ({ text, className }),
  );

/** One token list per line of `code`, highlighted as `language`. */
export function highlightLines(code: string, language: LanguageId): TokenLine[] {
  const lines = tokenLines(hljs.highlight(code, { language, ignoreIllegals: true }).value);
  // The CSS grammar closes an unclosed `[` at the end with a line break of its own.
  let count = 1;
  for (let at = code.indexOf('\n'); at !== -1; at = code.indexOf('\n', at + 1)) count++;
  return lines.length > count ? lines.slice(0, count) : lines;
}

/** Highlights `code` as chosen: 'auto' detects the language first. */
export function highlight(code: string, choice: LanguageChoice): Highlighted {
  if (choice === 'plaintext') return { language: null, lines: null };
  const language = choice === 'auto' ? detectLanguage(code) : choice;
  return { language, lines: language ? highlightLines(code, language) : null };
}
