import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, BlobTooLargeError } from './blob-store.js';
import { newBlobKey } from './index.js';

/** The behaviour every BlobStore adapter must have; each adapter's test file runs it. */
export function blobStoreContract(name: string, makeStore: () => Promise<BlobStore>): void {
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
  });
}
