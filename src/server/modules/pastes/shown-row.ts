import type { PasteWithAuthor } from './live-paste.repository.js';

/**
 * Which live rows are shown at all: never a failed assembly, and never a burn paste already read —
 * except to its creator, who learns it was burned. Every read that answers "not found" otherwise
 * (page, preview, edit, fork lookup) asks this.
 */
export function shownRow(
  row: PasteWithAuthor | undefined,
  opts: { toCreator: boolean } = { toCreator: false },
): PasteWithAuthor | undefined {
  if (!row || row.status === 'failed') return undefined;
  if (row.burn_claimed_at !== null && !opts.toCreator) return undefined;
  return row;
}
