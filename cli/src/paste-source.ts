import fs from 'node:fs';
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
