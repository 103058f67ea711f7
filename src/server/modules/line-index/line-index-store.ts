import { buffer } from 'node:stream/consumers';
import { BlobNotFoundError, type BlobStore } from '../../infra/blob-store/index.js';
import {
  buildLineIndex,
  DEFAULT_LINE_INDEX_OPTIONS,
  LineIndexBuilder,
  type LineIndexOptions,
} from './builder.js';
import { decodeLineIndex, encodeLineIndex, type LineIndex, LineIndexFormatError } from './format.js';

/**
 * Where a content blob's line index lives: beside it, under a key only it can have (generated
 * keys are 22 characters of base64url; blob keys allow no dot, so the suffix is `-lines`).
 */
export const lineIndexKey = (contentKey: string): string => `${contentKey}-lines`;

/** Deletes a paste's content blob and its line index, wherever content is deleted. */
export async function deleteContentBlob(blobs: BlobStore, contentKey: string): Promise<void> {
  await blobs.delete(contentKey);
  await blobs.delete(lineIndexKey(contentKey));
}

/**
 * Waits for what is written beside a content blob (its line index or sealed line table); if that
 * fails, the content is deleted too, so no paste is stored half.
 */
export async function keptBeside(
  blobs: BlobStore,
  contentKey: string,
  written: Promise<void>,
): Promise<void> {
  try {
    await written;
  } catch (e) {
    await deleteContentBlob(blobs, contentKey);
    throw e;
  }
}

/** Parsed indexes kept for the next windows of the same paste (content blobs never change). */
const CACHED_INDEXES = 16;

export type LineIndexes = ReturnType<typeof createLineIndexes>;

/**
 * Line indexes of content blobs: written when extreme content is stored or assembled, read for
 * every window and search, and built on first use for content stored before they existed (one
 * build per blob at a time on this instance: concurrent readers wait for the same one).
 */
export function createLineIndexes(blobs: BlobStore, options: LineIndexOptions = DEFAULT_LINE_INDEX_OPTIONS) {
  const cache = new Map<string, LineIndex>();
  const building = new Map<string, Promise<LineIndex>>();

  function remember(contentKey: string, index: LineIndex): LineIndex {
    cache.delete(contentKey);
    cache.set(contentKey, index);
    if (cache.size > CACHED_INDEXES) cache.delete(cache.keys().next().value!);
    return index;
  }

  /** The bytes kept beside a content blob, or null when there are none. */
  async function stored(contentKey: string): Promise<Buffer | null> {
    try {
      return await buffer(await blobs.get(lineIndexKey(contentKey)));
    } catch (e) {
      if (e instanceof BlobNotFoundError) return null;
      throw e;
    }
  }

  async function read(contentKey: string): Promise<LineIndex | null> {
    const bytes = await stored(contentKey);
    try {
      return bytes && decodeLineIndex(bytes);
    } catch (e) {
      if (e instanceof LineIndexFormatError) return null;
      throw e;
    }
  }

  async function build(contentKey: string): Promise<LineIndex> {
    const index = await buildLineIndex(await blobs.get(contentKey), options);
    await blobs.put(lineIndexKey(contentKey), encodeLineIndex(index));
    // Deleted while it was read: the index must not outlive it.
    if ((await blobs.size(contentKey)) === null) {
      await blobs.delete(lineIndexKey(contentKey));
      throw new BlobNotFoundError(contentKey);
    }
    return index;
  }

  return {
    /** A builder to pass the content's bytes through as they are written. */
    builder: () => new LineIndexBuilder(options),

    async save(contentKey: string, index: LineIndex): Promise<void> {
      await blobs.put(lineIndexKey(contentKey), encodeLineIndex(index));
    },

    /**
     * An encrypted paste's line table, sealed by its uploader, kept where a plain paste's index
     * is (and deleted with the content in the same way): the server cannot read sealed bytes, so
     * it never builds an index of its own there.
     */
    async saveSealed(contentKey: string, sealed: Buffer): Promise<void> {
      await blobs.put(lineIndexKey(contentKey), sealed);
    },

    /** The sealed line table its uploader sent, or null when none was sent. */
    loadSealed: stored,

    /** The index of a content blob, built now if it has none (BlobNotFoundError when the blob is gone). */
    async load(contentKey: string): Promise<LineIndex> {
      const cached = cache.get(contentKey);
      if (cached) return remember(contentKey, cached);
      const stored = await read(contentKey);
      if (stored) return remember(contentKey, stored);
      let running = building.get(contentKey);
      if (!running) {
        running = build(contentKey).finally(() => building.delete(contentKey));
        building.set(contentKey, running);
      }
      return remember(contentKey, await running);
    },

    /** The index of content held in memory (inline pastes): built on the spot, never stored. */
    ofBytes: (bytes: Buffer): Promise<LineIndex> => buildLineIndex([bytes], options),
  };
}
