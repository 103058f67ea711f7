/**
 * highlight.js HTML cut into lines. Its output is escaped text and its own `<span class="…">` /
 * `</span>`, and a span may run over several lines (a block comment, a string): each line closes
 * the spans still open at its end and the next line opens them again, so every line stands alone.
 */
const PIECE = /<span class="[^"<>]*">|<\/span>|[^<\n]+|\n|</g;

export function highlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  for (const [piece] of html.matchAll(PIECE)) {
    if (piece === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else {
      if (piece.startsWith('<span')) open.push(piece);
      else if (piece === '</span>') open.pop();
      line += piece === '<' ? '&lt;' : piece;
    }
  }
  lines.push(line);
  return lines;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
