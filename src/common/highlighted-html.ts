/** highlight.js's escapes (its escapeHTML's five, and `&#39;`), undone. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};
const ENTITY = /&(?:amp|lt|gt|quot|#x27|#39);/g;
/** One piece of highlight.js output: an opening span, a closing span, or text up to the next tag. */
const PIECE = /<span class="([^"<>]*)">|<\/span>|[^<]+|</g;

const unescapeHtml = (html: string) => html.replace(ENTITY, (entity) => ENTITIES[entity]!);

/**
 * highlight.js HTML read back as lines of runs, without a DOM (the paste page in a worker, the
 * server's preview card). `scopeOf` gives a span its scope from its classes and the scope it sits
 * in (the page keeps class names, the card a colour); `run` makes one run of text in a scope. Any
 * text outside the two tags is kept as text; empty runs are left out.
 */
export function linesOfHighlighted<S, R>(
  html: string,
  scopeOf: (classes: string, outer: S | undefined) => S | undefined,
  run: (text: string, scope: S | undefined) => R,
): R[][] {
  const lines: R[][] = [[]];
  const scopes: (S | undefined)[] = [];
  for (const [piece, classes] of html.matchAll(PIECE)) {
    if (classes !== undefined) scopes.push(scopeOf(classes, scopes.at(-1)));
    else if (piece === '</span>') scopes.pop();
    else {
      unescapeHtml(piece)
        .split('\n')
        .forEach((text, i) => {
          if (i > 0) lines.push([]);
          if (text) lines[lines.length - 1]!.push(run(text, scopes.at(-1)));
        });
    }
  }
  return lines;
}
