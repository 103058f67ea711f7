/**
 * The key of an end-to-end encrypted paste travels in the link's fragment, which browsers never
 * send: `/paste/{id}#<key>`, with a line range after it as `#<key>&L12` or `#<key>&L12-L20`.
 * Plain pastes keep their `#L12` fragments unchanged. No crypto here: this file is in the paste
 * page's first load, the crypto module is not.
 */

/** A 256-bit key as text: 43 base64url characters, no padding (paste-crypto's exportKeyText). */
const KEY_TEXT = /^[A-Za-z0-9_-]{43}$/;
/**
 * A whole fragment that is a line range (line-range.ts's grammar), or a file of a multi-file paste
 * with or without its lines (`file-notes-md`, `file-notes-md-L3`): never a key, which is 43 characters.
 */
const LINE_ONLY = /^(?:file-[a-z0-9-]+?(?:-L\d{1,9}(?:-L?\d{1,9})?)?|L\d{1,9}(?:-L?\d{1,9})?)$/;

export interface KeyFragment {
  /** The key, when what stands in its place has a key's shape. */
  key: string | null;
  /** What stands in the key's place: '' when nothing does, else the text (a cut-off key too). */
  keyPart: string;
  /** The line range part as `#L12` / `#L12-L20` (line-range.ts reads it), or ''. */
  lineHash: string;
}

export function looksLikeKey(text: string): boolean {
  return KEY_TEXT.test(text);
}

/** Splits `location.hash` into the key part and the line part. */
export function splitFragment(hash: string): KeyFragment {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '' || LINE_ONLY.test(fragment)) {
    return { key: null, keyPart: '', lineHash: fragment ? `#${fragment}` : '' };
  }
  const amp = fragment.indexOf('&');
  const keyPart = amp === -1 ? fragment : fragment.slice(0, amp);
  const rest = amp === -1 ? '' : fragment.slice(amp + 1);
  return { key: looksLikeKey(keyPart) ? keyPart : null, keyPart, lineHash: rest ? `#${rest}` : '' };
}

/** The fragment for a key (or none) and a line hash (`#L12…` or ''): `#key&L12`, `#key`, `#L12`, ''. */
export function joinFragment(key: string | null, lineHash: string): string {
  const lines = lineHash.startsWith('#') ? lineHash.slice(1) : lineHash;
  if (!key) return lines ? `#${lines}` : '';
  return lines ? `#${key}&${lines}` : `#${key}`;
}

/** The link to share: the paste's path with the key (when it has one) in the fragment. */
export function linkWithKey(pathAndQuery: string, key: string | null): string {
  return `${pathAndQuery}${joinFragment(key, '')}`;
}
