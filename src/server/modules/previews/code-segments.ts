/**
 * A card's code lines as coloured runs of text: highlight.js HTML (escaped text and its own
 * `<span class="hljs-…">`) read back into text, each run coloured by its innermost known scope,
 * with the paste page's dark colours (web code-theme.css). Plain text is one run a line.
 */

import { linesOfHighlighted } from '../../../common/highlighted-html.js';

/** A run of text in one colour (null: the card's text colour). */
export interface Segment {
  text: string;
  color: string | null;
}

const KEYWORD = '#ff7b72';
const STRING = '#a5d6ff';
const NUMBER = '#79c0ff';
const COMMENT = '#8b949e';
const TITLE = '#d2a8ff';
const TYPE = '#ffa657';
const TAG = '#7ee787';

const COLORS: Record<string, string> = {
  keyword: KEYWORD,
  doctag: KEYWORD,
  'template-tag': KEYWORD,
  'template-variable': KEYWORD,
  string: STRING,
  regexp: STRING,
  number: NUMBER,
  literal: NUMBER,
  symbol: NUMBER,
  bullet: NUMBER,
  built_in: NUMBER,
  attr: NUMBER,
  attribute: NUMBER,
  property: NUMBER,
  'selector-class': NUMBER,
  'selector-id': NUMBER,
  'selector-attr': NUMBER,
  comment: COMMENT,
  quote: COMMENT,
  title: TITLE,
  section: TITLE,
  meta: TITLE,
  'selector-pseudo': TITLE,
  type: TYPE,
  params: TYPE,
  variable: TYPE,
  name: TAG,
  'selector-tag': TAG,
  tag: TAG,
  addition: TAG,
  deletion: '#ffdcd7',
};

/** The colour of a span's classes (`hljs-title function_`): its first hljs scope that has one. */
function colorOf(classes: string): string | null {
  for (const name of classes.split(' ')) {
    const color = COLORS[name.replace(/^hljs-/, '')];
    if (color) return color;
  }
  return null;
}

/** highlight.js HTML as lines of coloured runs; a span without a colour of its own keeps its outer one. */
export const segmentsOfHighlighted = (html: string): Segment[][] =>
  linesOfHighlighted<string, Segment>(
    html,
    (classes, outer) => colorOf(classes) ?? outer,
    (text, color) => ({ text, color: color ?? null }),
  );

/** Plain text as lines of one run each. */
export const segmentsOfPlain = (text: string): Segment[][] =>
  text.split('\n').map((line) => [{ text: line, color: null }]);

/**
 * Lines made fit for the card: at most `maxLines`, each at most `maxChars` characters (an ellipsis
 * where cut), tabs as four spaces and control characters dropped (a font has no glyph for them).
 */
export function fitLines(lines: Segment[][], maxLines: number, maxChars: number): Segment[][] {
  return lines.slice(0, maxLines).map((line) => {
    const clean = line.map((segment) => ({
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
      chars: [...segment.text.replace(/\t/g, '    ').replace(/[\u0000-\u001f\u007f]/g, '')],
      color: segment.color,
    }));
    const total = clean.reduce((sum, segment) => sum + segment.chars.length, 0);
    // A line too long keeps maxChars - 1 characters and an ellipsis.
    let room = total <= maxChars ? total : maxChars - 1;
    const fitted: Segment[] = [];
    for (const { chars, color } of clean) {
      if (room <= 0) break;
      fitted.push({ text: chars.slice(0, room).join(''), color });
      room -= chars.length;
    }
    if (total > maxChars) fitted.push({ text: '…', color: null });
    return fitted;
  });
}
