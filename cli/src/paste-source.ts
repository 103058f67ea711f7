import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Expiration, Privacy } from '../../src/common/constants.js';
import { usageError } from './errors.js';

/** The paste's options, as the create calls take them. */
export interface PasteOptions {
  title: string | undefined;
  privacy: Privacy;
  /** Unset: the site's default. */
  expiration: Expiration | undefined;
  password: string | undefined;
  language: string | undefined;
  /** Chunk size of a chunked upload (bytes); the server's default when unset. */
  chunkSize: number | undefined;
  /** End-to-end encrypted: sealed here under a new key, which only the printed link carries. */
  e2e: boolean;
}

/** What is pasted: a file on disk, read in slices as it is sent (memory stays flat). */
export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** The name shown as a default title; none for standard input. */
  name: string | undefined;
  size: number;
  mtimeMs: number;
}

export function sourceFile(given: string): SourceFile {
  const absolute = path.resolve(given);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    throw usageError(`no such file: ${given}`);
  }
  if (!stat.isFile()) throw usageError(`not a file: ${given}`);
  return { path: absolute, name: path.basename(absolute), size: stat.size, mtimeMs: stat.mtimeMs };
}

/**
 * Standard input written to a private temporary file first: its size decides the way (one request
 * or chunks), and nothing of it is held in memory. The caller removes it with `dispose`.
 */
export async function spoolStdin(stdin: NodeJS.ReadableStream): Promise<SourceFile & { dispose(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-'));
  const file = path.join(dir, 'stdin.txt');
  await pipeline(stdin, fs.createWriteStream(file, { mode: 0o600 }));
  const stat = fs.statSync(file);
  return {
    path: file,
    name: undefined,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const MB = 1024 * 1024;

/**
 * Bytes [start, start + length) of the file, 1 MiB at a time. Every piece is a view of one reused
 * buffer, valid until the next is asked for: reading gigabytes leaves no garbage behind (fresh
 * buffers would pile up ~40 MB between collections).
 */
export async function* readRange(file: string, start: number, length: number): AsyncGenerator<Buffer> {
  const handle = await fsp.open(file, 'r');
  const buffer = Buffer.allocUnsafe(Math.min(MB, Math.max(1, length)));
  try {
    for (let at = start, left = length; left > 0; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, left), at);
      if (bytesRead === 0) throw usageError(`${file} became shorter while it was being sent`);
      yield buffer.subarray(0, bytesRead);
      at += bytesRead;
      left -= bytesRead;
    }
  } finally {
    await handle.close();
  }
}
