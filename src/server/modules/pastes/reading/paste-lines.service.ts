import { Readable } from 'node:stream';
import { PASTE_MESSAGES } from '../../../../common/messages.js';
import {
  LINE_MAX_CHARS,
  PASTE_LINES_MESSAGES,
  type PasteLines,
  type PasteSearchResult,
  SEARCH_TEXT_MAX_CHARS,
} from '../../../../common/schemas/paste-lines.js';
import { AppError, forbidden, notFound } from '../../../errors.js';
import { BlobNotFoundError, type BlobStore } from '../../../infra/blob-store/index.js';
import type { LineIndex } from '../../line-index/format.js';
import type { LineIndexes } from '../../line-index/line-index-store.js';
import { searchLines } from '../../line-index/search.js';
import { type OpenRange, readLineWindow } from '../../line-index/window.js';
import { isEncrypted } from '../encrypted-content.js';
import type { PastesService } from '../pastes.service.js';
import type { ReadCredentials, Viewer } from './paste-reader.js';

/** Bytes one window reads past its first line before it begins no further line. */
const WINDOW_MAX_BYTES = 16 * 1024 * 1024;
/** A search answers within about this long, continuing at nextFrom … */
const SEARCH_TIME_MS = 2_000;
/** … or this long once it has found something, so first hits come back within a second. */
const SEARCH_TIME_WITH_MATCHES_MS = 500;

interface Deps {
  blobs: BlobStore;
  pastes: PastesService;
  lineIndexes: LineIndexes;
}

/** What the reads below read: the paste's text as ranges, and its line index. */
interface LineSource {
  index: LineIndex;
  open: OpenRange;
}

/**
 * Reading a paste by lines: windows of lines by number and a search, for the browser's
 * viewer of huge pastes. Under the rules of raw and download (pastes.authorizeRead) — except that
 * a burn-after-reading paste is refused: a window must neither burn it nor read it in pieces
 * around the burn. Nothing here counts a view.
 */
export function createPasteLines({ blobs, pastes, lineIndexes }: Deps) {
  /** The paste's row once it may be read by lines. */
  async function readableRow(id: string, viewer: Viewer, credentials: ReadCredentials) {
    // `hold`: a burn paste is answered without being claimed, then refused below.
    const reader: Viewer = { ...viewer, countable: false, burn: 'hold' };
    const decision = await pastes.authorizeRead(id, reader, credentials, 'bytes');
    if (decision.outcome === 'processing') throw new AppError('CONFLICT', PASTE_MESSAGES.stillProcessing);
    if (decision.outcome === 'locked') throw new AppError('UNAUTHORIZED', PASTE_MESSAGES.passwordProtected);
    if (decision.row.burn_after_reading === 1) throw forbidden(PASTE_LINES_MESSAGES.burn);
    return decision.row;
  }

  async function sourceOf(id: string, viewer: Viewer, credentials: ReadCredentials): Promise<LineSource> {
    const row = await readableRow(id, viewer, credentials);
    // Sealed bytes have no lines the server could find or search.
    if (isEncrypted(row)) throw new AppError('CONFLICT', PASTE_MESSAGES.encryptedNoServerRead);
    if (row.content !== null) {
      const bytes = Buffer.from(row.content, 'utf8');
      return {
        index: await lineIndexes.ofBytes(bytes),
        open: async (r) => Readable.from([bytes.subarray(r.start, r.end + 1)]),
      };
    }
    const key = row.blob_key!;
    return { index: await lineIndexes.load(key), open: (r) => blobs.get(key, r) };
  }

  /** A blob deleted under a read is the paste deleted: not found, as any later read will say. */
  async function gone<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (e) {
      if (e instanceof BlobNotFoundError) throw notFound(PASTE_MESSAGES.notFound);
      throw e;
    }
  }

  return {
    /** GET /api/pastes/:id/line-table: the sealed bytes of an encrypted paste's line table. */
    lineTable: (id: string, viewer: Viewer, credentials: ReadCredentials): Promise<Buffer> =>
      gone(async () => {
        const row = await readableRow(id, viewer, credentials);
        if (!isEncrypted(row)) throw new AppError('CONFLICT', PASTE_LINES_MESSAGES.lineTableOfPlain);
        const sealed = row.blob_key === null ? null : await lineIndexes.loadSealed(row.blob_key);
        if (!sealed) throw notFound(PASTE_LINES_MESSAGES.noLineTable);
        return sealed;
      }),

    /** GET /api/pastes/:id/lines. */
    window: (
      id: string,
      viewer: Viewer,
      credentials: ReadCredentials,
      q: { from: number; count: number },
    ): Promise<PasteLines> =>
      gone(async () => {
        const { index, open } = await sourceOf(id, viewer, credentials);
        const window = await readLineWindow(open, index, q.from, q.count, {
          lineMaxChars: LINE_MAX_CHARS,
          maxBytes: WINDOW_MAX_BYTES,
        });
        return {
          from: q.from,
          lines: window.lines,
          ...(window.truncated.length > 0 ? { truncatedLines: window.truncated } : {}),
          totalLines: index.totalLines,
          sizeBytes: index.sizeBytes,
        };
      }),

    /** GET /api/pastes/:id/search. */
    search: (
      id: string,
      viewer: Viewer,
      credentials: ReadCredentials,
      q: { q: string; from: number; limit: number },
    ): Promise<PasteSearchResult> =>
      gone(async () => {
        const { index, open } = await sourceOf(id, viewer, credentials);
        const start = performance.now();
        return searchLines(open, index, Buffer.from(q.q, 'utf8'), q.from, {
          limit: q.limit,
          deadline: start + SEARCH_TIME_MS,
          deadlineWithMatches: start + SEARCH_TIME_WITH_MATCHES_MS,
          now: () => performance.now(),
          textMaxChars: SEARCH_TEXT_MAX_CHARS,
        });
      }),
  };
}

export type PasteLinesService = ReturnType<typeof createPasteLines>;
