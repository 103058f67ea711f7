/**
 * Syntax highlighting as token lines. highlight.js tokenizes and writes HTML in which paste text
 * is always escaped and the only tags are its own `<span class="…">` and `</span>`; that output
 * is read back into text and class names here (no DOM: this runs in a worker), so the view
 * renders React text nodes and never injects markup from a paste.
 */

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

/** The five escapes of highlight.js's escapeHTML. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};
const ENTITY = /&(?:amp|lt|gt|quot|#x27);/g;
/** One piece of highlight.js output: an opening span, a closing span, or text up to the next tag. */
const PIECE = /<span class="([^"<>]*)">|<\/span>|[^<]+|</g;

const unescapeHtml = (html: string) => html.replace(ENTITY, (entity) => ENTITIES[entity]!);

/** Token lines from highlight.js HTML; any text outside its two tags is kept as text. */
export function tokenLines(html: string): TokenLine[] {
  const lines: TokenLine[] = [[]];
  const scopes: Array<string | undefined> = [];
  for (const [piece, className] of html.matchAll(PIECE)) {
    if (className !== undefined) scopes.push(className || scopes.at(-1));
    else if (piece === '</span>') scopes.pop();
    else {
      unescapeHtml(piece)
        .split('\n')
        .forEach((text, i) => {
          if (i > 0) lines.push([]);
          if (text) lines[lines.length - 1]!.push({ text, className: scopes.at(-1) });
        });
    }
  }
  return lines;
}

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
