import {
  chunkCount,
  chunkMatchesTable,
  createOpenStream,
  DecryptError,
  importKeyText,
  LineCounter,
  type LineTable,
  openChunk,
  openLineTable,
  PSE1,
  parseHeader,
  plainSize,
} from '../../../../common/paste-crypto/index';
import { errorFromResponse } from '../../../lib/api-client';
import type { PasteSearchPage } from '../api/search-paste';
import { SEARCH_PAGE_LIMIT } from '../api/search-paste';
import type { WindowFetcher } from '../hooks/use-line-windows';
import { type ChunkReader, firstLines, MATCH_TEXT_CHARS, readWindow } from './sealed-lines';
import { searchChunks } from './sealed-search';
import { LINE_CUT_CHARS, LruCache, WINDOW_LINES, windowStart } from './window-cache';

/** Decrypted chunks kept for the next windows: 8 MiB (eight chunks of the default size). */
const CHUNK_CACHE_BYTES = 8 * 1024 * 1024;
/** What is shown of the paste while its lines are counted: its first lines, from its first 64 KiB. */
const PREVIEW_BYTES = 64 * 1024;
const PREVIEW_LINES = 100;
/** A search page answers within about this long (as the server's), continuing with More results. */
const SEARCH_TIME_MS = 2_000;
const SEARCH_TIME_WITH_MATCHES_MS = 500;

/** Raised for any chunk that does not open: the viewer then shows none of the paste. */
export class UndecryptableError extends Error {
  constructor() {
    super('This paste could not be decrypted');
    this.name = 'UndecryptableError';
  }
}

/**
 * Raised when a chunk's lines are not what the uploader's line table says (a table that does not
 * belong to this text): the viewer then counts the lines itself, as for a paste sent without one.
 */
export class LineTableMismatchError extends Error {
  constructor() {
    super("This paste's line table does not match its text");
    this.name = 'LineTableMismatchError';
  }
}

/** An HTTP or network failure (the server's message, as every API call reads it): the window says so and offers Retry. */
async function fetchOk(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin', ...init });
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.text());
  return response;
}

/** Sealed bytes start..end (inclusive), by a Range request. */
async function fetchRange(url: string, start: number, end: number, signal?: AbortSignal) {
  const response = await fetchOk(url, { headers: { Range: `bytes=${start}-${end}` }, signal });
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A server that ignores Range answers 200 with everything.
  return response.status === 206 ? bytes : bytes.subarray(start, end + 1);
}

export interface SealedPaste {
  url: string;
  key: CryptoKey;
  header: Uint8Array;
  sealedSize: number;
  chunkBytes: number;
  chunks: number;
  plainBytes: number;
}

/** The key and the stream's header (the first 16 bytes, by Range), which give the chunk layout. */
export async function openSealedPaste(
  url: string,
  keyText: string,
  signal?: AbortSignal,
): Promise<SealedPaste> {
  const key = await importKeyText(keyText);
  if (!key) throw new UndecryptableError();
  const response = await fetchOk(url, { headers: { Range: `bytes=0-${PSE1.HEADER_BYTES - 1}` }, signal });
  const body = new Uint8Array(await response.arrayBuffer());
  // A server that ignores Range sends it all (and so says the size by what it sent).
  const total =
    response.status === 206
      ? Number(/\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '')?.[1])
      : body.length;
  const header = body.slice(0, PSE1.HEADER_BYTES);
  let chunkLog2: number;
  try {
    chunkLog2 = parseHeader(header).chunkLog2;
  } catch {
    throw new UndecryptableError();
  }
  if (!Number.isSafeInteger(total)) throw new Error('The server did not say how large the paste is');
  const plainBytes = plainSize(total, chunkLog2);
  return {
    url,
    key,
    header,
    sealedSize: total,
    chunkBytes: 2 ** chunkLog2,
    chunks: chunkCount(plainBytes, chunkLog2),
    plainBytes,
  };
}

/**
 * The line table the uploader sealed beside the paste (GET /api/pastes/:id/line-table), or null
 * when it sent none, or what the server sends is no table of this stream under this key: then the
 * lines are counted here.
 */
export async function fetchLineTable(
  url: string,
  paste: SealedPaste,
  signal?: AbortSignal,
): Promise<LineTable | null> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (response.status === 404) return null;
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.text());
  const sealed = new Uint8Array(await response.arrayBuffer());
  try {
    return await openLineTable(paste.key, sealed, paste);
  } catch (error) {
    if (error instanceof DecryptError) return null;
    throw error;
  }
}

/**
 * Reads the whole sealed stream once, decrypting as it streams (memory stays flat), and counts
 * its lines. `onProgress` gets the fraction of the plaintext read.
 */
export async function countLines(
  paste: SealedPaste,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
  onPreview?: (lines: string[]) => void,
): Promise<LineTable> {
  const response = await fetchOk(paste.url, { signal });
  if (!response.body) throw new Error('The server sent no body');
  const counter = new LineCounter(paste.chunkBytes);
  const reader = response.body.pipeThrough(createOpenStream(paste.key)).getReader();
  // The first bytes, shown as lines while the rest is counted (only authenticated chunks come out).
  let preview: Uint8Array | null = onPreview ? new Uint8Array(PREVIEW_BYTES) : null;
  let previewed = 0;
  const showPreview = (complete: boolean) => {
    if (!preview) return;
    onPreview?.(firstLines(preview.subarray(0, previewed), complete, PREVIEW_LINES, LINE_CUT_CHARS));
    preview = null;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      counter.add(value);
      if (preview) {
        const taken = Math.min(value.length, PREVIEW_BYTES - previewed);
        preview.set(value.subarray(0, taken), previewed);
        previewed += taken;
        if (previewed === PREVIEW_BYTES) showPreview(false);
      }
      onProgress(paste.plainBytes === 0 ? 1 : counter.plainBytes / paste.plainBytes);
    }
  } catch (error) {
    if (error instanceof DecryptError) throw new UndecryptableError();
    throw error;
  }
  showPreview(true);
  const table = counter.finish();
  if (table.chunks !== paste.chunks) throw new UndecryptableError();
  return table;
}

/**
 * Chunk i of the plaintext: its sealed bytes fetched by Range (at 16 + i × (C + 16)) and opened,
 * kept in a small LRU so that neighbouring windows do not fetch it again. One fetch per chunk
 * however many ask at once. With `uploaderTable`, each chunk is checked against it as it opens
 * (LineTableMismatchError): a table the tab did not count itself is trusted no further than that.
 */
export function chunkReader(paste: SealedPaste, uploaderTable?: LineTable): ChunkReader {
  const opened = new LruCache<number, Uint8Array>(Number.POSITIVE_INFINITY, CHUNK_CACHE_BYTES);
  const pending = new Map<number, Promise<Uint8Array>>();
  const sealedChunk = paste.chunkBytes + PSE1.TAG_BYTES;
  async function load(index: number): Promise<Uint8Array> {
    const start = PSE1.HEADER_BYTES + index * sealedChunk;
    const end = Math.min(start + sealedChunk, paste.sealedSize) - 1;
    const sealed = await fetchRange(paste.url, start, end);
    let plain: Uint8Array;
    try {
      plain = await openChunk(paste.key, paste.header, index, sealed, index === paste.chunks - 1);
    } catch {
      throw new UndecryptableError();
    }
    if (uploaderTable && !chunkMatchesTable(uploaderTable, index, plain)) throw new LineTableMismatchError();
    return plain;
  }
  return (index) => {
    const held = opened.get(index);
    if (held) return Promise.resolve(held);
    let loading = pending.get(index);
    if (!loading) {
      loading = load(index)
        .then((plain) => {
          opened.set(index, plain, plain.length);
          return plain;
        })
        .finally(() => pending.delete(index));
      pending.set(index, loading);
    }
    return loading;
  };
}

/** The viewer's windows (use-line-windows), read from the decrypted chunks. */
export function sealedWindows(read: ChunkReader, table: LineTable): WindowFetcher {
  return async (window) => {
    const from = windowStart(window);
    const { lines, truncated } = await readWindow(read, table, from, WINDOW_LINES, LINE_CUT_CHARS);
    return {
      lines,
      truncated: new Set(truncated),
      totalLines: table.totalLines,
      sizeBytes: table.plainBytes,
    };
  };
}

/** One page of a search in the browser, in the shape of the server's (GET /api/pastes/:id/search). */
export async function searchSealed(
  read: ChunkReader,
  table: LineTable,
  query: string,
  from: number,
): Promise<PasteSearchPage> {
  const start = performance.now();
  // Chunks are read in order: the next one is fetched while this one is searched.
  const ahead: ChunkReader = (index) => {
    if (index + 1 < table.chunks) read(index + 1).catch(() => undefined);
    return read(index);
  };
  return searchChunks(ahead, table, new TextEncoder().encode(query), from, {
    limit: SEARCH_PAGE_LIMIT,
    textMaxChars: MATCH_TEXT_CHARS,
    stop: (matches) =>
      performance.now() - start >= (matches > 0 ? SEARCH_TIME_WITH_MATCHES_MS : SEARCH_TIME_MS),
  });
}
