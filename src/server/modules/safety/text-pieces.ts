/**
 * The text a content rule reads, in pieces of at most PIECE_CHARS characters, each cut after a
 * line end (or a space) where one is near: every rule then works piece by piece, and the event
 * loop answers other requests between two pieces (security requirement 16). A pattern does not see
 * a match that spans two pieces; words and domains never straddle one unless a piece had to be
 * cut inside a long run without a space.
 */
export const PIECE_CHARS = 256 * 1024;

export function* textPieces(text: string, size: number = PIECE_CHARS): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length) {
      // A line end or a space is looked for in the last quarter of the piece.
      const floor = end - Math.floor(size / 4);
      const newline = text.lastIndexOf('\n', end - 1);
      const cut = newline > floor ? newline : text.lastIndexOf(' ', end - 1);
      if (cut > floor) end = cut + 1;
      // Never split a surrogate pair: a piece stays well-formed Unicode.
      else if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end -= 1;
    }
    yield text.slice(start, end);
    start = end;
  }
}

/** Words as phrase rules compare them: letters and digits, lower-cased. One character class: linear. */
const WORD = /[\p{L}\p{N}]+/gu;

export function wordsOf(piece: string): string[] {
  return Array.from(piece.toLowerCase().matchAll(WORD), (m) => m[0]);
}

/**
 * Every run of host characters that holds a dot, lower-cased, without dots or hyphens at its
 * ends: `http://a.example.com/x`, `www.example.com` and a bare `example.com` all yield their
 * host, and `user@example.com` yields `example.com`. One character class: linear.
 */
const HOST_RUN = /[A-Za-z0-9.-]+/g;

export function hostsOf(piece: string): string[] {
  const hosts: string[] = [];
  for (const m of piece.matchAll(HOST_RUN)) {
    const host = trimDotsAndHyphens(m[0]);
    if (host.includes('.')) hosts.push(host.toLowerCase());
  }
  return hosts;
}

/** Without a regex: `/[.-]+$/` would try every start in a long run of dots. */
function trimDotsAndHyphens(run: string): string {
  const edge = (c: string | undefined) => c === '.' || c === '-';
  let start = 0;
  let end = run.length;
  while (start < end && edge(run[start])) start++;
  while (end > start && edge(run[end - 1])) end--;
  return run.slice(start, end);
}
