import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
  type ByteRange,
} from './blob-store.js';

/** Counts bytes as they pass and fails the stream past the limit. */
export function byteLimit(maxBytes: number): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      t.bytes += chunk.length;
      if (t.bytes > maxBytes) done(new BlobTooLargeError(maxBytes));
      else done(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/** Blobs as files under root; written to a temp file in the same folder tree, then renamed. */
export function createLocalDiskStore(root: string): BlobStore {
  const tmpDir = path.join(root, '.tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    async put(key, source, opts = {}) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
      const limit = byteLimit(opts.maxBytes ?? Number.POSITIVE_INFINITY);
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      try {
        await pipeline(input, limit, fs.createWriteStream(tmp, { flags: 'wx' }));
        await fsp.rename(tmp, file);
        return limit.bytes;
      } catch (e) {
        await fsp.rm(tmp, { force: true });
        throw e;
      }
    },

    async get(key, range?: ByteRange) {
      const file = fileOf(key);
      try {
        const handle = await fsp.open(file, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
        throw e;
      }
    },

    async size(key) {
      try {
        return (await fsp.stat(fileOf(key))).size;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },

    async ping() {
      // A write, not an access check: a read-only or vanished volume must fail readiness.
      const probe = path.join(tmpDir, `ready-${randomBytes(6).toString('hex')}`);
      await fsp.writeFile(probe, 'ok', { flag: 'wx' });
      await fsp.rm(probe, { force: true });
    },
  };
}
