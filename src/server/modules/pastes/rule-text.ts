import { text as streamText } from 'node:stream/consumers';
import { SAFETY_SCAN_BYTES } from '../../../common/constants.js';
import type { BlobStore } from '../../infra/blob-store/index.js';

/**
 * The part of a paste's text content rules read (modules/safety): its first SAFETY_SCAN_BYTES,
 * from the request's string, the row, or the start of its blob (never the whole of a large one).
 */
export async function textForRules(
  blobs: BlobStore,
  where: { inline: string | null; blobKey: string | null; size: number } | string,
): Promise<string> {
  if (typeof where === 'string')
    return where.length > SAFETY_SCAN_BYTES ? where.slice(0, SAFETY_SCAN_BYTES) : where;
  if (where.inline !== null) return where.inline;
  if (where.blobKey === null || where.size === 0) return '';
  const end = Math.min(where.size, SAFETY_SCAN_BYTES) - 1;
  // A character cut at the end decodes as U+FFFD: rules never need it whole.
  return streamText(await blobs.get(where.blobKey, { start: 0, end }));
}
