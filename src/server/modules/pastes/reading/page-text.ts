import { buffer } from 'node:stream/consumers';
import {
  PAGE_PREVIEW_MAX_BYTES,
  VERY_LARGE_PASTE_BYTES,
  VERY_LARGE_PASTE_LINES,
  VERY_LARGE_PREVIEW_LINES,
} from '../../../../common/constants.js';
import { LINE_MAX_CHARS } from '../../../../common/schemas/paste-lines.js';
import { sizeLevel } from '../../../../common/size-level.js';
import type { BlobStore, ByteRange } from '../../../infra/blob-store/index.js';
import type { LineIndexes } from '../../line-index/line-index-store.js';
import { readLineWindow } from '../../line-index/window.js';
import type { PasteWithAuthor } from '../live-paste.repository.js';
import { readText } from '../paste-content-store.js';

/** The most of a very large paste's blob its page reads: the preview's bytes and one line's cut. */
export const PAGE_PREVIEW_BYTES_READ = PAGE_PREVIEW_MAX_BYTES + LINE_MAX_CHARS * 4 + 1;

/** What a paste's page shows of its text in its first HTML, and how many lines the whole has. */
export interface PageText {
  /** The whole text, or the first lines of a very large one (its preview). */
  text: string;
  /** Lines of the whole text, as the page counts them (a final line break starts none). */
  totalLines: number;
}

/**
 * Whether the page shows a paste's text whole without looking at it: text of at most
 * VERY_LARGE_PASTE_LINES bytes cannot have more lines than that, nor be large by size.
 */
export const shownWhole = (row: Pick<PasteWithAuthor, 'size_bytes'>): boolean =>
  row.size_bytes <= VERY_LARGE_PASTE_LINES;

/** The preview of text already in memory (at most 2 MB here): its lines counted, not split. */
function previewOf(text: string, bytes: number): PageText {
  let newlines = 0;
  let cut = -1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    newlines += 1;
    if (newlines === VERY_LARGE_PREVIEW_LINES) cut = at;
  }
  const totalLines = newlines + 1 - (text.endsWith('\n') ? 1 : 0);
  const preview = sizeLevel(totalLines, bytes) === 'very-large' && cut !== -1;
  return { text: preview ? text.slice(0, cut) : text, totalLines };
}

/**
 * A paste's text as its page's first HTML shows it, read in bounded work whatever its size: text
 * up to the very-large size whole (the page shows all of a large paste), past it the preview's
 * lines through the line index (built once if the content has none), at most
 * PAGE_PREVIEW_MAX_BYTES of them, each cut as the huge viewer cuts it.
 */
export async function pageTextOf(
  row: Pick<PasteWithAuthor, 'content' | 'blob_key' | 'size_bytes'>,
  deps: { blobs: BlobStore; lineIndexes: LineIndexes },
): Promise<PageText> {
  if (row.content !== null || row.size_bytes <= VERY_LARGE_PASTE_BYTES) {
    return previewOf(await readText(deps.blobs, row), row.size_bytes);
  }
  const key = row.blob_key!;
  const index = await deps.lineIndexes.load(key);
  // The window begins no line past PAGE_PREVIEW_MAX_BYTES and keeps a line's first LINE_MAX_CHARS
  // characters (4 bytes each at most): nothing past that is read.
  const open = (range: ByteRange) =>
    deps.blobs.get(key, { start: range.start, end: Math.min(range.end, PAGE_PREVIEW_BYTES_READ - 1) });
  const window = await readLineWindow(open, index, 1, VERY_LARGE_PREVIEW_LINES, {
    lineMaxChars: LINE_MAX_CHARS,
    maxBytes: PAGE_PREVIEW_MAX_BYTES,
  });
  return { text: window.lines.join('\n'), totalLines: index.totalLines };
}

/**
 * The text's first `maxBytes` bytes at most (whole characters: one cut in half is left out), read
 * as a range of its blob whatever the paste's size; text kept in its row is already in memory.
 */
export async function textPrefixOf(
  row: Pick<PasteWithAuthor, 'content' | 'blob_key' | 'size_bytes'>,
  blobs: BlobStore,
  maxBytes: number,
): Promise<string> {
  if (row.content !== null) return row.content.slice(0, maxBytes);
  const end = Math.min(maxBytes, row.size_bytes) - 1;
  if (end < 0) return '';
  const bytes = await buffer(await blobs.get(row.blob_key!, { start: 0, end }));
  // As a stream's first piece: a character cut at the end waits for bytes that never come.
  return new TextDecoder().decode(bytes, { stream: true });
}
