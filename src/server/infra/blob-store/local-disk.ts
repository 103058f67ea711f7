import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  BlobNotFoundError,
  BlobPartSizeError,
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

/** Passes exactly `size` bytes and fails the stream on one byte more or less. */
export function exactSize(size: number): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > size) done(new BlobPartSizeError(size));
      else done(null, chunk);
    },
    flush(done) {
      done(bytes === size ? null : new BlobPartSizeError(size));
    },
  });
}

async function fsyncPath(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Blobs as files under root; written to a temp file in the same folder tree, then renamed. A blob
 * written in parts is one file under `.parts/`, each part written at its offset, so completing it
 * is a rename, not a copy.
 */
export function createLocalDiskStore(root: string): BlobStore {
  const tmpDir = path.join(root, '.tmp');
  const partsDir = path.join(root, '.parts');
  fs.mkdirSync(tmpDir, { recursive: true });
  fs.mkdirSync(partsDir, { recursive: true });
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  const partialOf = (key: string) => {
    assertValidKey(key);
    return path.join(partsDir, key.replaceAll('/', '--'));
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
        // 1 MiB reads: a large download costs a sixteenth of the events 64 KiB ones would.
        return handle.createReadStream({ highWaterMark: 1024 * 1024, ...(range ?? {}) });
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

    async startParts(key, totalSize) {
      const handle = await fsp.open(partialOf(key), 'wx');
      try {
        await handle.truncate(totalSize);
      } finally {
        await handle.close();
      }
      return 'local';
    },

    async putPart(key, _ref, part, source) {
      const partial = partialOf(key);
      if (!fs.existsSync(partial)) throw new BlobNotFoundError(key);
      // r+: write in place, never create (a cancelled upload's file stays gone); flush: fsync on close.
      await pipeline(
        source,
        exactSize(part.size),
        fs.createWriteStream(partial, { flags: 'r+', start: part.offset, flush: true }),
      );
      return String(part.size);
    },

    async completeParts(key) {
      const partial = partialOf(key);
      const file = fileOf(key);
      try {
        await fsyncPath(partial);
      } catch (e) {
        // Completed already (a second call after a crash between rename and bookkeeping).
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' && (await this.size(key)) !== null) return;
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
        throw e;
      }
      await fsp.mkdir(path.dirname(file), { recursive: true });
      try {
        await fsp.rename(partial, file);
      } catch (e) {
        // Another instance's assembly (its lease ran out under this one) renamed it first.
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' && (await this.size(key)) !== null) return;
        throw e;
      }
      await fsyncPath(path.dirname(file));
    },

    async abortParts(key) {
      await fsp.rm(partialOf(key), { force: true });
    },

    async ping() {
      // A write, not an access check: a read-only or vanished volume must fail readiness.
      const probe = path.join(tmpDir, `ready-${randomBytes(6).toString('hex')}`);
      await fsp.writeFile(probe, 'ok', { flag: 'wx' });
      await fsp.rm(probe, { force: true });
    },
  };
}
