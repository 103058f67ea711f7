import { describe, expect, it } from 'vitest';
import { LineCounter, type LineTable } from '../../../../common/paste-crypto/line-table';
import { recallLineTable, rememberLineTable, type SealedLayout } from './remembered-line-tables';

/** sessionStorage's two calls used here, over a Map (these unit tests run without a browser). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

const CHUNK = 16;

/** A text's table as the viewer counts it, and a layout of a sealed stream of it. */
function counted(text: string, headerByte = 1): { layout: SealedLayout; table: LineTable } {
  const counter = new LineCounter(CHUNK);
  counter.add(new TextEncoder().encode(text));
  const table = counter.finish();
  const header = new Uint8Array(16).fill(headerByte);
  const layout = {
    header,
    sealedSize: 16 + table.plainBytes + table.chunks * 16,
    chunkBytes: CHUNK,
    chunks: table.chunks,
    plainBytes: table.plainBytes,
  };
  return { layout, table };
}

const TEXT = 'first line\nsecond, a longer line than one chunk holds\n\nlast';

describe('remembered line tables', () => {
  it('gives back the table counted for the same sealed stream, and none for another', () => {
    const storage = memoryStorage();
    const { layout, table } = counted(TEXT);
    expect(recallLineTable(layout, storage)).toBeNull();
    rememberLineTable(layout, table, storage);
    expect(recallLineTable(layout, storage)).toEqual(table);
    // Sealed again (a new header), or another size: counted anew.
    expect(recallLineTable(counted(TEXT, 2).layout, storage)).toBeNull();
    expect(recallLineTable({ ...layout, sealedSize: layout.sealedSize + 1 }, storage)).toBeNull();
    // Only where lines start is kept, never the text.
    expect([...storage.items.values()].join('')).not.toContain('second');
  });

  it('ignores a stored table that does not fit the stream, and storage that is unreadable or full', () => {
    const storage = memoryStorage();
    const { layout, table } = counted(TEXT);
    rememberLineTable(layout, table, storage);
    expect(recallLineTable({ ...layout, chunks: layout.chunks + 1 }, storage)).toBeNull();
    const [key, value] = [...storage.items.entries()][0]!;
    storage.setItem(key, value.replace('"firstLine":[1,', '"firstLine":[2,'));
    expect(recallLineTable(layout, storage)).toBeNull();
    storage.setItem(key, '{not json');
    expect(recallLineTable(layout, storage)).toBeNull();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => rememberLineTable(layout, table, full)).not.toThrow();
    expect(recallLineTable(layout, undefined)).toBeNull();
  });

  it('keeps the eight latest tables', () => {
    const storage = memoryStorage();
    const streams = Array.from({ length: 9 }, (_, i) => counted(`${TEXT}\n${'x'.repeat(i)}`, i + 1));
    for (const { layout, table } of streams) rememberLineTable(layout, table, storage);
    expect(recallLineTable(streams[0]!.layout, storage)).toBeNull();
    for (const { layout, table } of streams.slice(1)) expect(recallLineTable(layout, storage)).toEqual(table);
  });
});
