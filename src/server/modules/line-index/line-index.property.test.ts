import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLineIndex, type LineIndexOptions } from './builder.js';
import { decodeLineIndex, encodeLineIndex, type LineIndex } from './format.js';
import { searchLines } from './search.js';
import { type OpenRange, readLineWindow } from './window.js';

/** Lines as the web app splits them (splitLines), each without the CR of a CRLF ending. */
function naiveLines(text: string): { raw: string[]; lines: string[] } {
  const raw = text.split('\n');
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  const lines = raw.map((l, i) =>
    (i < raw.length - 1 || text.endsWith('\n')) && l.endsWith('\r') ? l.slice(0, -1) : l,
  );
  return { raw, lines };
}

/** The first max code units, never half a surrogate pair. */
function cutChars(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Ranged reads served in chunks of `chunk` bytes, so characters and CRLFs straddle chunk edges. */
function opener(bytes: Buffer, chunk: number): OpenRange {
  return async ({ start, end }) => {
    const part = bytes.subarray(start, end + 1);
    const pieces: Buffer[] = [];
    for (let at = 0; at < part.length; at += chunk) pieces.push(part.subarray(at, at + chunk));
    return Readable.from(pieces);
  };
}

const text = fc
  .array(fc.constantFrom('a', 'b', ' ', '\n', '\n', '\r', '\r\n', 'é', '日', '🎉', 'x\ry'), {
    maxLength: 120,
  })
  .map((parts) => parts.join(''));
const options: fc.Arbitrary<LineIndexOptions> = fc.record({
  lineStride: fc.integer({ min: 1, max: 4 }),
  byteStride: fc.integer({ min: 1, max: 24 }),
  maxEntries: fc.integer({ min: 2, max: 6 }),
});

async function indexOf(bytes: Buffer, chunk: number, opts: LineIndexOptions): Promise<LineIndex> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) pieces.push(bytes.subarray(at, at + chunk));
  // Stored and read back, as every real read does.
  return decodeLineIndex(encodeLineIndex(await buildLineIndex(pieces, opts)));
}

describe('line index and windows', () => {
  it('counts lines as the web app does and points every entry at a line start', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.integer({ min: 1, max: 9 }), options, async (t, chunk, opts) => {
        const bytes = Buffer.from(t, 'utf8');
        const index = await indexOf(bytes, chunk, opts);
        const { lines } = naiveLines(t);
        expect(index.totalLines).toBe(lines.length);
        expect(index.sizeBytes).toBe(bytes.length);
        expect(index.lines[0]).toBe(1);
        expect(index.offsets[0]).toBe(0);
        expect(index.lines.length).toBeLessThanOrEqual(Math.max(opts.maxEntries, 2));
        for (let i = 0; i < index.lines.length; i++) {
          const line = index.lines[i]!;
          const offset = index.offsets[i]!;
          expect(line).toBeLessThanOrEqual(lines.length);
          // Line k starts after the (k-1)th LF.
          const before = bytes.subarray(0, offset);
          expect(before.filter((b) => b === 10).length).toBe(line - 1);
          if (offset > 0) expect(bytes[offset - 1]).toBe(10);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('returns every line of a window exactly as a naive split has it, across chunk edges and strides', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.integer({ min: 1, max: 9 }),
        options,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 6 }),
        async (t, chunk, opts, from, count) => {
          const bytes = Buffer.from(t, 'utf8');
          const index = await indexOf(bytes, chunk, opts);
          const { lines } = naiveLines(t);
          const w = await readLineWindow(opener(bytes, chunk), index, from, count, {
            lineMaxChars: 1000,
            maxBytes: 1 << 20,
          });
          expect(w.lines).toEqual(lines.slice(from - 1, from - 1 + count));
          expect(w.truncated).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('cuts long lines at a character edge and marks them; a byte budget ends a window early, never empty', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.integer({ min: 1, max: 9 }),
        options,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 30 }),
        async (t, chunk, opts, from, count, maxChars, maxBytes) => {
          const bytes = Buffer.from(t, 'utf8');
          const index = await indexOf(bytes, chunk, opts);
          const { lines } = naiveLines(t);
          const w = await readLineWindow(opener(bytes, chunk), index, from, count, {
            lineMaxChars: maxChars,
            maxBytes,
          });
          const expected = lines.slice(from - 1, from - 1 + count);
          if (expected.length > 0) expect(w.lines.length).toBeGreaterThanOrEqual(1);
          expect(w.lines.length).toBeLessThanOrEqual(expected.length);
          w.lines.forEach((line, i) => {
            const whole = expected[i]!;
            expect(line).toBe(cutChars(whole, maxChars));
            expect(w.truncated.includes(from + i)).toBe(whole.length > maxChars);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers the empty text as one empty line, and nothing past the last line', async () => {
    const index = await indexOf(Buffer.alloc(0), 1, { lineStride: 3, byteStride: 8, maxEntries: 4 });
    expect(index.totalLines).toBe(1);
    const limits = { lineMaxChars: 10, maxBytes: 100 };
    expect((await readLineWindow(opener(Buffer.alloc(0), 1), index, 1, 5, limits)).lines).toEqual(['']);
    expect((await readLineWindow(opener(Buffer.alloc(0), 1), index, 2, 5, limits)).lines).toEqual([]);
    const one = Buffer.from('a\r\nb\r');
    const oneIndex = await indexOf(one, 2, { lineStride: 1, byteStride: 1, maxEntries: 8 });
    // A CR ending the text is no CRLF: it stays.
    expect((await readLineWindow(opener(one, 2), oneIndex, 1, 5, limits)).lines).toEqual(['a', 'b\r']);
  });
});

describe('search', () => {
  const needle = fc
    .array(fc.constantFrom('a', 'b', ' ', 'é', '日', '🎉', '\r', 'x'), { minLength: 1, maxLength: 3 })
    .map((p) => p.join(''));
  const tuning = fc.record({
    blockBytes: fc.integer({ min: 1, max: 32 }),
    contextBytes: fc.integer({ min: 0, max: 20 }),
    carryLineMax: fc.integer({ min: 0, max: 16 }),
  });

  it('finds every line holding the query once, in order, however it is cut by limits, time and blocks', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        needle,
        fc.integer({ min: 1, max: 9 }),
        options,
        tuning,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('never', 'once-found', 'always'),
        async (t, q, chunk, opts, tune, from, limit, outOfTime) => {
          const bytes = Buffer.from(t, 'utf8');
          const index = await indexOf(bytes, chunk, opts);
          const { raw, lines } = naiveLines(t);
          const expected = raw.flatMap((l, i) => (i + 1 >= from && l.includes(q) ? [i + 1] : []));
          const found: number[] = [];
          let next: number | null = from;
          for (let rounds = 0; next !== null; rounds++) {
            expect(rounds).toBeLessThan(1000);
            const r = await searchLines(opener(bytes, chunk), index, Buffer.from(q), next, {
              limit,
              deadline: outOfTime === 'always' ? 0 : Number.POSITIVE_INFINITY,
              deadlineWithMatches: outOfTime === 'never' ? Number.POSITIVE_INFINITY : 0,
              now: () => 1,
              textMaxChars: 3,
              tuning: tune,
            });
            expect(r.matches.length).toBeLessThanOrEqual(limit);
            for (const m of r.matches) {
              found.push(m.line);
              expect(lines[m.line - 1]!.includes(m.text)).toBe(true);
              // A short line is shown whole when the context kept can hold it (2 KB for 500 characters).
              if (tune.contextBytes >= 12 && lines[m.line - 1]!.length <= 3) {
                expect(m.text).toBe(lines[m.line - 1]);
              }
            }
            expect(r.truncated).toBe(r.nextFrom !== null);
            if (r.nextFrom !== null) expect(r.nextFrom).toBeGreaterThan(next);
            next = r.nextFrom;
          }
          expect(found).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('at real sizes (default strides, 1 MiB blocks, lines longer than a block)', () => {
  const bigText = fc
    .array(
      fc.record({
        length: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 60_000, max: 1_500_000 })),
        fill: fc.constantFrom('a', 'é', '日', '🎉'),
        marker: fc.boolean(),
        crlf: fc.boolean(),
      }),
      { minLength: 1, maxLength: 12 },
    )
    .map((lines) =>
      lines
        .map((l) => {
          const body = l.fill.repeat(l.length);
          const at = Math.floor(l.length / 2) * l.fill.length;
          return (l.marker ? `${body.slice(0, at)}NEEDLE${body.slice(at)}` : body) + (l.crlf ? '\r\n' : '\n');
        })
        .join(''),
    );

  it('windows and search agree with a naive split', async () => {
    await fc.assert(
      fc.asyncProperty(bigText, fc.integer({ min: 1000, max: 70_000 }), async (t, chunk) => {
        const bytes = Buffer.from(t, 'utf8');
        const index = await indexOf(bytes, chunk, {
          lineStride: 1000,
          byteStride: 64 * 1024,
          maxEntries: 65_536,
        });
        const { raw, lines } = naiveLines(t);
        const w = await readLineWindow(opener(bytes, chunk), index, 1, 1000, {
          lineMaxChars: 10_000,
          maxBytes: 1 << 30,
        });
        expect(w.lines).toEqual(lines.map((l) => cutChars(l, 10_000)));
        const r = await searchLines(opener(bytes, chunk), index, Buffer.from('NEEDLE'), 1, {
          limit: 1000,
          deadline: Number.POSITIVE_INFINITY,
          deadlineWithMatches: Number.POSITIVE_INFINITY,
          now: () => 0,
          textMaxChars: 500,
        });
        expect(r.matches.map((m) => m.line)).toEqual(
          raw.flatMap((l, i) => (l.includes('NEEDLE') ? [i + 1] : [])),
        );
        for (const m of r.matches) expect(m.text).toContain('NEEDLE');
        expect(r.scannedBytes).toBe(bytes.length);
      }),
      { numRuns: 15 },
    );
  });
});
