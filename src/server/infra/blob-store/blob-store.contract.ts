import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { BlobNotFoundError, BlobPartSizeError, type BlobStore, BlobTooLargeError } from './blob-store.js';
import { newBlobKey } from './index.js';

/** The behaviour every BlobStore adapter must have; each adapter's test file runs it. */
export function blobStoreContract(
  name: string,
  makeStore: () => Promise<BlobStore>,
  /** Smallest part but the last the store accepts (S3: 5 MiB). */
  partSize = 64 * 1024,
): void {
  describe(`BlobStore contract: ${name}`, () => {
    it('stores and reads back bytes exactly, whole and by range', async () => {
      const store = await makeStore();
      const key = newBlobKey('pastes');
      const data = Buffer.from('héllo\u0000wörld\r\n🎉', 'utf8');
      expect(await store.put(key, data)).toBe(data.length);
      expect(await buffer(await store.get(key))).toEqual(data);
      expect(await buffer(await store.get(key, { start: 1, end: 4 }))).toEqual(data.subarray(1, 5));
      expect(await store.size(key)).toBe(data.length);
    });

    it('streams a source in many chunks', async () => {
      const store = await makeStore();
      const key = newBlobKey('pastes');
      const parts = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, i));
      expect(await store.put(key, Readable.from(parts))).toBe(500_000);
      // Buffer.equals: a deep toEqual walks 500,000 elements one by one.
      expect((await buffer(await store.get(key))).equals(Buffer.concat(parts))).toBe(true);
    });

    it('refuses a blob over the limit and leaves nothing behind', async () => {
      const store = await makeStore();
      const key = newBlobKey('pastes');
      await expect(
        store.put(key, Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await store.size(key)).toBeNull();
    });

    it('reports absent blobs and deletes idempotently', async () => {
      const store = await makeStore();
      const key = newBlobKey('pastes');
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.size(key)).toBeNull();
      await store.put(key, Buffer.from('x'));
      await store.delete(key);
      await store.delete(key);
      expect(await store.size(key)).toBeNull();
    });

    it('refuses keys that could escape the store', async () => {
      const store = await makeStore();
      for (const key of [
        '../etc/passwd',
        'pastes/../../x',
        '/abs',
        'pastes/a/../../b',
        'pastes/a b',
        'pastes/.hidden',
        '',
      ]) {
        await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
      }
    });

    it('answers ping', async () => {
      await expect((await makeStore()).ping()).resolves.toBeUndefined();
    });

    it('assembles parts written out of order, one of them twice, invisible until complete', async () => {
      const store = await makeStore();
      const key = newBlobKey('pastes');
      const parts = [Buffer.alloc(partSize, 'a'), Buffer.alloc(partSize, 'b'), Buffer.from('tail\n')];
      const total = partSize * 2 + parts[2]!.length;
      const ref = await store.startParts(key, total);
      const put = (index: number, data: Buffer) =>
        store.putPart(
          key,
          ref,
          { index, offset: index * partSize, size: data.length },
          Readable.from([data]),
        );
      const tags: string[] = [];
      tags[2] = await put(2, parts[2]!);
      tags[0] = await put(0, Buffer.alloc(partSize, 'x'));
      tags[1] = await put(1, parts[1]!);
      tags[0] = await put(0, parts[0]!);
      expect(await store.size(key)).toBeNull();
      await store.completeParts(
        key,
        ref,
        tags.map((tag, index) => ({ index, tag })),
      );
      expect((await buffer(await store.get(key))).equals(Buffer.concat(parts))).toBe(true);
      // Completing again (a retry after a crash) keeps the blob.
      await store.completeParts(
        key,
        ref,
        tags.map((tag, index) => ({ index, tag })),
      );
      expect(await store.size(key)).toBe(total);
    });

    it('refuses a part shorter or longer than announced', async () => {
      const store = await makeStore();
      const key = newBlobKey('pastes');
      const ref = await store.startParts(key, 10);
      const part = { index: 0, offset: 0, size: 10 };
      await expect(store.putPart(key, ref, part, Readable.from([Buffer.alloc(9)]))).rejects.toBeInstanceOf(
        BlobPartSizeError,
      );
      await expect(store.putPart(key, ref, part, Readable.from([Buffer.alloc(11)]))).rejects.toThrow();
      await store.abortParts(key, ref);
      await store.abortParts(key, ref);
      expect(await store.size(key)).toBeNull();
    });
  });
}
