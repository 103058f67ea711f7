import { Client } from './client.js';
import type { Target } from './config.js';
import { usageError } from './errors.js';

export interface PasteRef {
  id: string;
  /** The site the link is on; undefined for a bare id. */
  site: string | undefined;
  /** A revision's link (`…/paste/ID/r/N`). */
  revision: number | undefined;
  /** An end-to-end encrypted paste's key: the fragment's first part, when it is one (43 characters). */
  keyText: string | undefined;
}

const KEY_TEXT = /^[A-Za-z0-9_-]{43}$/;

/** `#<key>`, `#<key>&L12`, `#L12`: the key when the fragment starts with one. */
function keyOf(fragment: string): string | undefined {
  const first = fragment.replace(/^#/, '').split('&')[0]!;
  return KEY_TEXT.test(first) ? first : undefined;
}

/**
 * A paste link (`…/paste/ID`, `…/raw/ID`, a revision's `…/paste/ID/r/N`, with or without a
 * #fragment) or a bare id (`ID`, or `ID#key`).
 */
export function parsePasteRef(ref: string): PasteRef {
  const bare = /^([A-Za-z0-9_-]{1,64})(#.*)?$/.exec(ref);
  if (bare) return { id: bare[1]!, site: undefined, revision: undefined, keyText: keyOf(bare[2] ?? '') };
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    throw usageError(`not a paste link or id: ${ref}`);
  }
  const m = /^(.*)\/(?:paste|raw)\/([A-Za-z0-9_-]+)(?:\/r\/([1-9]\d*))?\/?$/.exec(url.pathname);
  if (!m) throw usageError(`not a paste link: ${ref}`);
  return {
    id: m[2]!,
    site: `${url.origin}${m[1]}`,
    revision: m[3] ? Number(m[3]) : undefined,
    keyText: keyOf(url.hash),
  };
}

/**
 * The site a link or id is read from: the link's own, or the configured one for a bare id. The API
 * key goes only to the configured site, never to another one a link points at.
 */
export function readerFor(target: Target | undefined, ref: string): PasteRef & { client: Client } {
  const parsed = parsePasteRef(ref);
  const url = parsed.site ?? target?.url;
  if (!url) throw usageError('a bare id needs the site: pass a full link, --url or PASTESHARE_URL');
  return { ...parsed, client: new Client({ url, key: url === target?.url ? target.key : undefined }) };
}

export const needsKey = (target: Target, what: string) => {
  if (!target.key) throw usageError(`${what} needs an API key: pass --key or set PASTESHARE_API_KEY`);
};
