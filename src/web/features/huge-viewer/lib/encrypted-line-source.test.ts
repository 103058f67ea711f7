import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  exportKeyText,
  generateKey,
  LineCounter,
  PSE1,
  sealBytes,
  sealLineTable,
} from '../../../../common/paste-crypto/index';
import {
  chunkReader,
  countLines,
  fetchLineTable,
  LineTableMismatchError,
  openSealedPaste,
  sealedWindows,
  searchSealed,
  UndecryptableError,
} from './encrypted-line-source';

const URL_OF_PASTE = '/api/pastes/abc/download';
const CHUNK = 2 ** PSE1.MIN_CHUNK_LOG2;

/** A server for one sealed stream: whole, or a single `bytes=a-b` range (206), as the download route. */
function serve(stream: Uint8Array) {
  const asked: { url: string; range: string | null }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const range = new Headers(init.headers).get('Range');
    asked.push({ url, range });
    const match = range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null;
    if (!match) return new Response(stream.slice(), { status: 200 });
    const start = Number(match[1]);
    const end = Math.min(Number(match[2]), stream.length - 1);
    return new Response(stream.slice(start, end + 1), {
      status: 206,
      headers: { 'Content-Range': `bytes ${start}-${end}/${stream.length}` },
    });
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function sealedLog(lines: number) {
  const key = await generateKey();
  const text = Array.from({ length: lines }, (_, i) => `line ${i + 1} é😀`).join('\n');
  const stream = await sealBytes(key, new TextEncoder().encode(text), { chunkLog2: PSE1.MIN_CHUNK_LOG2 });
  return { keyText: await exportKeyText(key), stream, text };
}

describe('an encrypted paste read by ranges', () => {
  it('shows its first whole lines while it counts, once, from authenticated chunks only', async () => {
    const { keyText, stream, text } = await sealedLog(20_000); // ~310 KB: past the 64 KiB preview
    serve(stream);
    const paste = await openSealedPaste(URL_OF_PASTE, keyText);
    const previews: string[][] = [];
    await countLines(
      paste,
      () => {},
      new AbortController().signal,
      (lines) => previews.push(lines),
    );
    expect(previews).toHaveLength(1);
    expect(previews[0]).toEqual(text.split('\n').slice(0, 100));

    const short = await sealedLog(3);
    serve(short.stream);
    const whole: string[][] = [];
    const small = await openSealedPaste(URL_OF_PASTE, short.keyText);
    await countLines(
      small,
      () => {},
      new AbortController().signal,
      (lines) => whole.push(lines),
    );
    expect(whole).toEqual([['line 1 é😀', 'line 2 é😀', 'line 3 é😀']]);
  });

  it('counts once, then reads windows and searches from chunks fetched by Range, each chunk once', async () => {
    const { keyText, stream } = await sealedLog(2_000);
    const asked = serve(stream);
    const paste = await openSealedPaste(URL_OF_PASTE, keyText);
    const table = await countLines(paste, () => {}, new AbortController().signal);
    expect(table.totalLines).toBe(2_000);
    const read = chunkReader(paste);
    const windows = sealedWindows(read, table);
    const first = await windows(0, new AbortController().signal);
    expect(first.lines[0]).toBe('line 1 é😀');
    expect(first.lines).toHaveLength(200);
    const before = asked.length;
    await windows(1, new AbortController().signal);
    await windows(0, new AbortController().signal);
    // Windows 0 and 1 share their chunks: at most the one past window 0's last chunk is fetched.
    expect(asked.length - before).toBeLessThanOrEqual(1);
    const last = await windows(9, new AbortController().signal);
    expect(last.lines.at(-1)).toBe('line 2000 é😀');
    const ranges = asked.filter((a) => a.range !== null).map((a) => a.range);
    for (const range of ranges.slice(1)) {
      const [, start, end] = /^bytes=(\d+)-(\d+)$/.exec(range!)!.map(Number);
      expect((start! - PSE1.HEADER_BYTES) % (CHUNK + PSE1.TAG_BYTES)).toBe(0);
      expect(end! - start! + 1).toBeLessThanOrEqual(CHUNK + PSE1.TAG_BYTES);
    }
    const page = await searchSealed(read, table, 'line 1999 ', 1);
    expect(page.matches).toEqual([{ line: 1_999, text: 'line 1999 é😀' }]);
    expect(asked.every((a) => a.url === URL_OF_PASTE)).toBe(true);
  });

  it('a chunk altered before the count: undecryptable, and nothing counted', async () => {
    const { keyText, stream } = await sealedLog(2_000);
    stream[PSE1.HEADER_BYTES + 3 * (CHUNK + PSE1.TAG_BYTES) + 5]! ^= 1;
    serve(stream);
    const paste = await openSealedPaste(URL_OF_PASTE, keyText);
    await expect(countLines(paste, () => {}, new AbortController().signal)).rejects.toBeInstanceOf(
      UndecryptableError,
    );
  });

  it('a chunk altered after the count, or a stream cut short: the window is undecryptable, never garbage', async () => {
    const { keyText, stream } = await sealedLog(2_000);
    serve(stream);
    const paste = await openSealedPaste(URL_OF_PASTE, keyText);
    const table = await countLines(paste, () => {}, new AbortController().signal);
    const altered = stream.slice();
    altered[PSE1.HEADER_BYTES + 5]! ^= 1;
    serve(altered);
    const windows = sealedWindows(chunkReader(paste), table);
    await expect(windows(0, new AbortController().signal)).rejects.toBeInstanceOf(UndecryptableError);
    // The last chunk's place holding a middle chunk: a cut-off stream.
    const cut = stream.slice(0, PSE1.HEADER_BYTES + 2 * (CHUNK + PSE1.TAG_BYTES));
    serve(cut);
    await expect(
      countLines(await openSealedPaste(URL_OF_PASTE, keyText), () => {}, new AbortController().signal),
    ).rejects.toBeInstanceOf(UndecryptableError);
  });

  it('another key does not open it', async () => {
    const { stream } = await sealedLog(10);
    serve(stream);
    const other = await exportKeyText(await generateKey());
    const paste = await openSealedPaste(URL_OF_PASTE, other);
    await expect(countLines(paste, () => {}, new AbortController().signal)).rejects.toBeInstanceOf(
      UndecryptableError,
    );
  });
});

describe('the line table its uploader sealed', () => {
  const TABLE_URL = '/api/pastes/abc/line-table';

  /** The download route as serve(), and the line-table route answering `table` (404 without one). */
  function serveWithTable(stream: Uint8Array, table: Uint8Array | null) {
    const content = serve(stream);
    const served = globalThis.fetch;
    const tableAsked: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url !== TABLE_URL) return served(url, init);
      tableAsked.push(url);
      return table ? new Response(table.slice(), { status: 200 }) : new Response('{}', { status: 404 });
    });
    return { content, tableAsked };
  }

  async function tableOf(key: CryptoKey, text: string) {
    const counter = new LineCounter(CHUNK);
    counter.add(new TextEncoder().encode(text));
    return sealLineTable(key, counter.finish());
  }

  async function sealedText(text: string) {
    const key = await generateKey();
    const stream = await sealBytes(key, new TextEncoder().encode(text), { chunkLog2: PSE1.MIN_CHUNK_LOG2 });
    return { key, keyText: await exportKeyText(key), stream };
  }

  it('opens the paste at its last line without reading the stream whole', async () => {
    const text = Array.from({ length: 2_000 }, (_, i) => `line ${i + 1} é😀`).join('\n');
    const { key, keyText, stream } = await sealedText(text);
    const { content, tableAsked } = serveWithTable(stream, await tableOf(key, text));
    const paste = await openSealedPaste(URL_OF_PASTE, keyText);
    const table = await fetchLineTable(TABLE_URL, paste);
    expect(table?.totalLines).toBe(2_000);
    const last = await sealedWindows(chunkReader(paste, table!), table!)(9, new AbortController().signal);
    expect(last.lines.at(-1)).toBe('line 2000 é😀');
    expect(tableAsked).toHaveLength(1);
    // The header and the last window's chunks, each by Range: never the whole stream.
    expect(content.every((a) => a.range !== null)).toBe(true);
    expect(content.length).toBeLessThanOrEqual(1 + 2);
  });

  it('is none when the uploader sent none, or when it does not open under the paste key', async () => {
    const text = 'a\nb\n'.repeat(5_000);
    const { keyText, stream } = await sealedText(text);
    serveWithTable(stream, null);
    expect(await fetchLineTable(TABLE_URL, await openSealedPaste(URL_OF_PASTE, keyText))).toBeNull();
    serveWithTable(stream, await tableOf(await generateKey(), text));
    expect(await fetchLineTable(TABLE_URL, await openSealedPaste(URL_OF_PASTE, keyText))).toBeNull();
  });

  it('is caught where a chunk does not have the lines the table says', async () => {
    const text = 'word\n'.repeat(4_000);
    const { key, keyText, stream } = await sealedText(text);
    // The same length and layout, but one line end fewer in the second chunk.
    const lf = text.indexOf('\n', CHUNK + 10);
    const other = `${text.slice(0, lf)} ${text.slice(lf + 1)}`;
    expect(other.length).toBe(text.length);
    serveWithTable(stream, await tableOf(key, other));
    const paste = await openSealedPaste(URL_OF_PASTE, keyText);
    const table = await fetchLineTable(TABLE_URL, paste);
    expect(table).not.toBeNull();
    const windows = sealedWindows(chunkReader(paste, table!), table!);
    await expect(windows(0, new AbortController().signal)).resolves.toMatchObject({ totalLines: 3_999 });
    await expect(windows(5, new AbortController().signal)).rejects.toBeInstanceOf(LineTableMismatchError);
  });
});
