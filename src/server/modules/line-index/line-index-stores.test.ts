import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../../../test/helpers/s3-server.js';
import { tempDir } from '../../../../test/helpers/test-db.js';
import { type BlobStore, createLocalDiskStore, newBlobKey } from '../../infra/blob-store/index.js';
import { createS3Store } from '../../infra/blob-store/s3.js';
import { createLineIndexes, deleteContentBlob, lineIndexKey } from './line-index-store.js';
import { searchLines } from './search.js';
import { readLineWindow } from './window.js';

/** ~3 MB of text: lines of varied length with multi-byte characters, CRLF on some, a marker near the end. */
function sample(): { text: string; lines: string[] } {
  const lines: string[] = [];
  for (let n = 1; n <= 40_000; n++)
    lines.push(`${n} ${'Grüße 日本 🎉 '.repeat(n % 7)}x${n % 3 === 0 ? '\r' : ''}`);
  lines[39_990] = 'here is the MARKER';
  const text = `${lines.join('\n')}\n`;
  return { text, lines: lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)) };
}

/** The same reads on every store: ranged reads, an index built on first use, deleted with its blob. */
function storeSuite(name: string, open: () => Promise<BlobStore>) {
  describe(`line index on ${name}`, () => {
    it('is built on first use and stored beside the blob; windows and search read ranges of it', async () => {
      const blobs = await open();
      const { text, lines } = sample();
      const key = newBlobKey('pastes');
      await blobs.put(key, Buffer.from(text));
      const indexes = createLineIndexes(blobs);
      const [index, again] = await Promise.all([indexes.load(key), indexes.load(key)]);
      expect(again).toBe(index);
      expect(index.totalLines).toBe(lines.length);
      expect(await blobs.size(lineIndexKey(key))).toBeGreaterThan(40);
      const openRange = (r: { start: number; end: number }) => blobs.get(key, r);
      for (const from of [1, 12_345, lines.length - 5]) {
        const w = await readLineWindow(openRange, index, from, 200, {
          lineMaxChars: 10_000,
          maxBytes: 1 << 24,
        });
        expect(w.lines).toEqual(lines.slice(from - 1, from + 199));
      }
      const found = await searchLines(openRange, index, Buffer.from('MARKER'), 1, {
        limit: 10,
        deadline: Number.POSITIVE_INFINITY,
        deadlineWithMatches: Number.POSITIVE_INFINITY,
        now: () => 0,
        textMaxChars: 500,
      });
      expect(found.matches).toEqual([{ line: 39_991, text: 'here is the MARKER' }]);
      // A second instance (no cache) reads the stored index instead of building one.
      const stored = await createLineIndexes(blobs).load(key);
      expect(Array.from(stored.offsets)).toEqual(Array.from(index.offsets));
      await deleteContentBlob(blobs, key);
      expect(await blobs.size(key)).toBeNull();
      expect(await blobs.size(lineIndexKey(key))).toBeNull();
    });
  });
}

storeSuite('local disk', async () => createLocalDiskStore(path.join(tempDir('lines-'), 'blobs')));

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
  // The first bucket waits for Swift to warm up (a minute and more on a busy machine): here, not in a test.
  await s3.bucket();
});
afterAll(() => s3?.stop());
storeSuite('S3 (Swift)', async () => createS3Store(s3.options(await s3.bucket())));
