import { describe, expect, it } from 'vitest';
import { generateKey, openChunk, PSE1, sealBytes } from '../../../../common/paste-crypto/index';
import { LineCounter, type LineTable } from '../../../../common/paste-crypto/line-table';
import { SEARCH_TEXT_MAX_CHARS } from '../../../../common/schemas/paste-lines';
import { type ChunkReader, chunkOfLine, firstLines, MATCH_TEXT_CHARS, readWindow } from './sealed-lines';
import { searchChunks } from './sealed-search';
import { LINE_CUT_CHARS, WINDOW_LINES } from './window-cache';

const CHUNK_LOG2 = PSE1.MIN_CHUNK_LOG2; // 4 KiB chunks: many chunk edges in a small text
const CHUNK = 2 ** CHUNK_LOG2;

/** A seeded generator, so a failure can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['word ', 'é', '€', '😀', '\r\n', '\n', '\n\n', '\r', 'x', '<b>&amp;', '  '];

/** Text with CRLF and lone CRs, empty lines, 2-, 3- and 4-byte characters, and now and then a very long line. */
function randomText(rand: () => number): string {
  const parts: string[] = [];
  const length = Math.floor(rand() * 30_000);
  let size = 0;
  while (size < length) {
    const r = rand();
    const piece =
      r < 0.01
        ? 'L'.repeat(Math.floor(rand() * 3 * CHUNK)) // longer than a chunk: cut, and skipped over
        : r < 0.02
          ? '😀'.repeat(Math.floor(rand() * 3_000))
          : PIECES[Math.floor(rand() * PIECES.length)]!;
    parts.push(piece);
    size += piece.length;
  }
  if (rand() < 0.5) parts.push('\n');
  return parts.join('');
}

/** A 4-byte character across every one of the first chunk edges, and CRLFs split by edges. */
function edgeText(): string {
  let text = '';
  for (let edge = 1; edge <= 6; edge += 1) {
    // The emoji starts 1..3 bytes before the edge; at edge 5 a CRLF has its CR last in the chunk.
    const target = edge === 5 ? edge * CHUNK - 1 : edge * CHUNK - ((edge % 3) + 1);
    const suffix = edge % 2 ? '\r' : 'é';
    const bytes = new TextEncoder().encode(text).length + new TextEncoder().encode(suffix).length;
    text += 'a'.repeat(target - bytes) + suffix;
    text += edge === 5 ? '\r\n' : '😀\n';
  }
  return `${text}no final newline €`;
}

/** The lines as the server gives them: split at LF, CR of CRLF dropped, none after a final LF, cut at `max`. */
function expectedLines(text: string, max: number): { text: string; truncated: boolean }[] {
  const lines = text.split('\n');
  const endsWithLf = text.endsWith('\n') && text.length > 0;
  if (endsWithLf) lines.pop();
  return lines.map((line, i) => {
    const hadLf = i < lines.length - 1 || endsWithLf;
    const full = hadLf && line.endsWith('\r') ? line.slice(0, -1) : line;
    if (full.length <= max) return { text: full, truncated: false };
    const code = full.charCodeAt(max - 1);
    return { text: full.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max), truncated: true };
  });
}

/** Seals the text with small chunks; the reader opens them one by one, counting what it opens. */
async function sealed(text: string, pieces: () => number) {
  const key = await generateKey();
  const plain = new TextEncoder().encode(text);
  const stream = await sealBytes(key, plain, { chunkLog2: CHUNK_LOG2 });
  const header = stream.subarray(0, PSE1.HEADER_BYTES);
  const sealedChunk = CHUNK + PSE1.TAG_BYTES;
  const count = Math.max(1, Math.ceil((stream.length - PSE1.HEADER_BYTES) / sealedChunk));
  const opened: number[] = [];
  const read: ChunkReader = (index) => {
    opened.push(index);
    const from = PSE1.HEADER_BYTES + index * sealedChunk;
    return openChunk(key, header, index, stream.subarray(from, from + sealedChunk), index === count - 1);
  };
  // The scan: the plaintext streamed by in pieces of any size.
  const counter = new LineCounter(CHUNK);
  for (let at = 0; at < plain.length; ) {
    const n = Math.max(1, Math.floor(pieces() * 3 * CHUNK));
    counter.add(plain.subarray(at, at + n));
    at += n;
  }
  const table = counter.finish();
  expect(table.chunks).toBe(count);
  return { read, table, opened };
}

async function allLines(read: ChunkReader, table: LineTable, max: number, window = WINDOW_LINES) {
  const out: { text: string; truncated: boolean }[] = [];
  for (let from = 1; from <= table.totalLines; from += window) {
    const got = await readWindow(read, table, from, window, max);
    for (const [i, text] of got.lines.entries())
      out.push({ text, truncated: got.truncated.includes(from + i) });
  }
  return out;
}

it("agrees with the server's match text size", () => {
  expect(MATCH_TEXT_CHARS).toBe(SEARCH_TEXT_MAX_CHARS);
});

describe('lines of a sealed paste', () => {
  it('an empty text is one empty line; a final newline starts no line', async () => {
    for (const [text, lines] of [
      ['', ['']],
      ['\n', ['']],
      ['a\r\n', ['a']],
      ['a\n\nb', ['a', '', 'b']],
      ['a\r', ['a\r']],
    ] as const) {
      const { read, table } = await sealed(text, () => 0.5);
      expect(table.totalLines).toBe(lines.length);
      expect(await allLines(read, table, 100)).toEqual(lines.map((t) => ({ text: t, truncated: false })));
    }
  });

  it('characters and CRLFs split by chunk edges decode whole', async () => {
    const text = edgeText();
    const { read, table } = await sealed(text, random(7));
    expect(table.startsLine.slice(0, 3)).toEqual(Uint8Array.from([1, 0, 0]));
    expect(await allLines(read, table, LINE_CUT_CHARS, 3)).toEqual(expectedLines(text, LINE_CUT_CHARS));
  });

  it('random texts: every window, at any start, is the text split in lines (property)', async () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const rand = random(seed);
      const text = randomText(rand);
      const max = seed % 3 === 0 ? LINE_CUT_CHARS : 1 + Math.floor(rand() * 300);
      const { read, table } = await sealed(text, rand);
      const expected = expectedLines(text, max);
      expect(table.totalLines, `seed ${seed}`).toBe(expected.length);
      expect(await allLines(read, table, max, 1 + Math.floor(rand() * 50)), `seed ${seed}`).toEqual(expected);
      for (let k = 0; k < 5; k += 1) {
        const from = 1 + Math.floor(rand() * expected.length);
        const count = 1 + Math.floor(rand() * 40);
        const got = await readWindow(read, table, from, count, max);
        const want = expected.slice(from - 1, from - 1 + count);
        expect(got.lines, `seed ${seed} from ${from}`).toEqual(want.map((l) => l.text));
        expect(got.truncated).toEqual(want.flatMap((l, i) => (l.truncated ? [from + i] : [])));
      }
    }
  });

  it('the first lines of any prefix are whole lines of the text, the last one left out unless complete (property)', () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      const rand = random(seed);
      const text = randomText(rand);
      const bytes = new TextEncoder().encode(text);
      const max = 1 + Math.floor(rand() * 300);
      const expected = expectedLines(text, max).map((l) => l.text);
      expect(firstLines(bytes, true, 100, max), `seed ${seed}`).toEqual(expected.slice(0, 100));
      // A prefix cut anywhere, even inside a character: only lines ended within it.
      const cut = Math.floor(rand() * bytes.length);
      const prefix = bytes.subarray(0, cut);
      const ended = new TextDecoder().decode(prefix).split('\n').length - 1;
      expect(firstLines(prefix, false, 100, max), `seed ${seed} cut ${cut}`).toEqual(
        expected.slice(0, Math.min(ended, 100)),
      );
    }
  });

  it('a window of short lines after a very long one opens only the chunks it needs', async () => {
    const text = `${'x'.repeat(20 * CHUNK)}\nshort\nlines\n`;
    const { read, table, opened } = await sealed(text, () => 0.4);
    opened.length = 0;
    expect(await readWindow(read, table, 1, 3, 50)).toEqual({
      lines: ['x'.repeat(50), 'short', 'lines'],
      truncated: [1],
    });
    expect(opened.filter((c) => c > 0 && c < 20)).toEqual([]);
    expect(chunkOfLine(table, 2)).toBe(20);
  });
});

/**
 * The server's answer, from the plain text: matching lines (one each), in order. The server
 * searches the bytes, so a needle ending in CR matches a CRLF line's end.
 */
function expectedMatches(text: string, needle: string) {
  const raw = text.split('\n');
  const shown = expectedLines(text, Number.MAX_SAFE_INTEGER);
  return shown.flatMap((l, i) => (raw[i]!.includes(needle) ? [{ line: i + 1, text: l.text }] : []));
}

describe('search in a sealed paste', () => {
  it('finds what the server finds, across chunk edges, page after page (property)', async () => {
    for (let seed = 1; seed <= 30; seed += 1) {
      const rand = random(seed * 31);
      const text = randomText(rand);
      const { read, table } = await sealed(text, rand);
      for (const needle of ['word x', '😀\r', '€word', 'é', 'LLL', '&amp;w']) {
        const want = expectedMatches(text, needle);
        const got: { line: number; text: string }[] = [];
        let from: number | null = 1;
        let pages = 0;
        while (from !== null) {
          const page = await searchChunks(read, table, new TextEncoder().encode(needle), from, {
            limit: 1 + Math.floor(rand() * 20),
            textMaxChars: SEARCH_TEXT_MAX_CHARS,
            stop: () => rand() < 0.3,
          });
          got.push(...page.matches);
          expect(page.truncated).toBe(page.nextFrom !== null);
          if (page.nextFrom !== null) expect(page.nextFrom).toBeGreaterThan(from);
          from = page.nextFrom;
          pages += 1;
          expect(pages).toBeLessThan(10_000);
        }
        expect(
          got.map((m) => m.line),
          `seed ${seed} "${needle}"`,
        ).toEqual(want.map((m) => m.line));
        got.forEach((m, i) => {
          const line = want[i]!.text;
          if (line.length <= SEARCH_TEXT_MAX_CHARS) expect(m.text).toBe(line);
          else {
            expect(m.text.length).toBeLessThanOrEqual(SEARCH_TEXT_MAX_CHARS);
            expect(line).toContain(m.text.replace(/\uFFFD$/, ''));
          }
        });
      }
    }
  });

  it('a needle cut in two by a chunk edge is found', async () => {
    const text = `${'a'.repeat(CHUNK - 3)}NEEDLE\nb\nNEEDLE`;
    const { read, table } = await sealed(text, () => 0.7);
    const page = await searchChunks(read, table, new TextEncoder().encode('NEEDLE'), 1, {
      limit: 10,
      textMaxChars: 20,
    });
    expect(page.matches.map((m) => m.line)).toEqual([1, 3]);
    expect(page.matches[1]!.text).toBe('NEEDLE');
    expect(page.matches[0]!.text).toHaveLength(20);
    expect(page.nextFrom).toBeNull();
  });
});
