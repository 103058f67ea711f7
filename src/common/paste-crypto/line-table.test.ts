import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url } from './base64.js';
import { DecryptError, PSE1 } from './format.js';
import { generateKey } from './keys.js';
import {
  type ChunkLayout,
  chunkMatchesTable,
  decodeLineTable,
  encodeLineTable,
  LineCounter,
  type LineTable,
  openLineTable,
  sealLineTable,
} from './line-table.js';
import { sealTitle } from './seal.js';

const CHUNK = 2 ** PSE1.MIN_CHUNK_LOG2;
const encoder = new TextEncoder();

/** Text made of pieces that put line ends, CRLFs and multi-byte characters across chunk edges. */
const texts = fc
  .array(fc.constantFrom('a', 'word ', '\n', '\r\n', '\n\n', 'é', '😀', 'x'.repeat(CHUNK - 3), ''), {
    maxLength: 60,
  })
  .map((parts) => parts.join(''));

function countedTable(plain: Uint8Array, cuts: number[] = []): LineTable {
  const counter = new LineCounter(CHUNK);
  let at = 0;
  for (const cut of [...cuts.filter((c) => c < plain.length).sort((a, b) => a - b), plain.length]) {
    counter.add(plain.subarray(at, cut));
    at = cut;
  }
  return counter.finish();
}

const layoutOf = (t: LineTable): ChunkLayout => ({
  chunkBytes: t.chunkBytes,
  chunks: t.chunks,
  plainBytes: t.plainBytes,
});
const chunksOf = (plain: Uint8Array, t: LineTable) =>
  Array.from({ length: t.chunks }, (_, i) => plain.subarray(i * CHUNK, (i + 1) * CHUNK));

describe('line table of an encrypted paste', () => {
  it('counts the same table however the text arrives, and every chunk agrees with it', () => {
    fc.assert(
      fc.property(texts, fc.array(fc.nat({ max: 8 * CHUNK })), (text, cuts) => {
        const plain = encoder.encode(text);
        const table = countedTable(plain, cuts);
        expect(table).toEqual(countedTable(plain));
        expect(table.totalLines).toBe(
          text === '' ? 1 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
        );
        expect(chunksOf(plain, table).every((chunk, i) => chunkMatchesTable(table, i, chunk))).toBe(true);
      }),
    );
  });

  it('encodes to bytes and back for the same layout, and refuses it for another', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const table = countedTable(encoder.encode(text));
        const bytes = encodeLineTable(table);
        expect(bytes.length).toBe(28 + 9 * table.chunks);
        expect(decodeLineTable(bytes, layoutOf(table))).toEqual(table);
        expect(decodeLineTable(bytes, { ...layoutOf(table), plainBytes: table.plainBytes + 1 })).toBeNull();
        expect(decodeLineTable(bytes.subarray(0, bytes.length - 1), layoutOf(table))).toBeNull();
      }),
    );
  });

  it('finds a chunk whose lines the table misstates (a table that lies is caught where it is used)', () => {
    const plain = encoder.encode(`${'line\n'.repeat(3000)}tail`);
    const table = countedTable(plain);
    expect(table.chunks).toBeGreaterThan(3);
    const chunks = chunksOf(plain, table);
    const shifted = { ...table, firstLine: table.firstLine.map((l, i) => (i === 2 ? l + 1 : l)) };
    expect(chunks.map((c, i) => chunkMatchesTable(shifted, i, c))).toEqual(
      chunks.map((_, i) => i !== 1 && i !== 2),
    );
    const moreLines = { ...table, totalLines: table.totalLines + 1 };
    expect(chunkMatchesTable(moreLines, table.chunks - 1, chunks.at(-1)!)).toBe(false);
    // 'line\n' × 3000 puts a LF at the end of no chunk: claiming one is caught by the chunk before.
    const startsLine = table.startsLine.map((s, i) => (i === 1 ? 1 - s : s));
    expect(chunkMatchesTable({ ...table, startsLine }, 0, chunks[0]!)).toBe(false);
  });

  it('refuses bytes that are no table: another magic, lines going back, a chunk not on line 1', () => {
    const table = countedTable(encoder.encode('a\n'.repeat(5000)));
    const layout = layoutOf(table);
    const bytes = encodeLineTable(table);
    const changed = (edit: (b: Uint8Array, v: DataView) => void) => {
      const copy = bytes.slice();
      edit(copy, new DataView(copy.buffer));
      return decodeLineTable(copy, layout);
    };
    expect(changed((b) => (b[3] = 0x32))).toBeNull();
    expect(changed((_, v) => v.setFloat64(28 + 8 * 2, 1, true))).toBeNull();
    expect(changed((_, v) => v.setFloat64(28, 2, true))).toBeNull();
    expect(changed((_, v) => v.setFloat64(20, 0.5, true))).toBeNull();
    expect(changed((b) => (b[b.length - 1] = 2))).toBeNull();
    expect(changed(() => {})).toEqual(table);
  });

  it('is sealed under the paste key: it opens with that key only, and a sealed title is no table', async () => {
    const key = await generateKey();
    const table = countedTable(encoder.encode('x\n'.repeat(40_000)));
    const sealed = await sealLineTable(key, table);
    expect(await openLineTable(key, sealed, layoutOf(table))).toEqual(table);
    await expect(openLineTable(await generateKey(), sealed, layoutOf(table))).rejects.toBeInstanceOf(
      DecryptError,
    );
    const title = fromBase64Url(await sealTitle(key, 'server.log'));
    expect(await openLineTable(key, title, layoutOf(table))).toBeNull();
  });
});
