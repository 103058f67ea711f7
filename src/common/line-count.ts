/**
 * Lines as a paste's view shows them: none in empty text, and a final line break ends the last
 * line rather than starting another (as `wc -l` counts a file that ends with one). The editor's
 * status line and size level, and the server's revision figures, all count this way.
 */
export function countLines(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}
