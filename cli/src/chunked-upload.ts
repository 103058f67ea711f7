import { createHash, type Hash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHUNK_SIZE_BYTES } from '../../src/common/constants.js';
import type { Client } from './client.js';
import { CliError, EXIT, serverError, usageError } from './errors.js';
import type { PasteOptions, SourceFile } from './paste-source.js';
import { progressMeter } from './terminal.js';

/** What a run keeps between attempts at the same file, so a rerun continues where it stopped. */
interface ResumeState {
  uploadId: string;
  site: string;
  file: string;
  size: number;
  mtimeMs: number;
}

interface UploadStatus {
  status: 'receiving' | 'assembling' | 'done' | 'failed';
  chunkSize: number;
  totalChunks: number;
  chunksReceived: number[];
  sha256?: string | null;
}

const MB = 1024 * 1024;

/**
 * Bytes [start, start + length) of the file, 1 MiB at a time, fed to `hash` when given. Every piece
 * is a view of one reused buffer, valid until the next is asked for: reading gigabytes leaves no
 * garbage behind (fresh buffers would pile up ~40 MB between collections).
 */
async function* readSlice(file: string, start: number, length: number, hash?: Hash): AsyncGenerator<Buffer> {
  const handle = await fsp.open(file, 'r');
  const buffer = Buffer.allocUnsafe(Math.min(MB, Math.max(1, length)));
  try {
    for (let at = start, left = length; left > 0; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, left), at);
      if (bytesRead === 0) throw usageError(`${file} became shorter while it was being sent`);
      const piece = buffer.subarray(0, bytesRead);
      hash?.update(piece);
      yield piece;
      at += bytesRead;
      left -= bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/**
 * A chunk request: the two fields first (the server checks the upload before the first byte of the
 * chunk, which then streams to its place), then the slice as it is read, with its exact length.
 * Built here rather than with FormData so the body streams at the file's pace with a known length.
 */
function chunkBody(uploadId: string, index: number, bytes: AsyncIterable<Buffer>, length: number) {
  const boundary = `pasteshare-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="uploadId"\r\n\r\n${uploadId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunkIndex"\r\n\r\n${index}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="chunk.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const parts = (async function* () {
    yield head;
    yield* bytes;
    yield tail;
  })();
  return {
    body: parts,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + length + tail.length),
    },
  };
}

/** `$XDG_STATE_HOME/pasteshare/uploads` (~/.local/state when unset). */
function stateDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state');
  return path.join(base, 'pasteshare', 'uploads');
}

/** One state file per site and file version (path, size, modification time). */
function stateFile(env: NodeJS.ProcessEnv, site: string, file: SourceFile): string {
  const key = createHash('sha256')
    .update(JSON.stringify([site, file.path, file.size, file.mtimeMs]))
    .digest('hex')
    .slice(0, 32);
  return path.join(stateDir(env), `${key}.json`);
}

function readState(file: string): ResumeState | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ResumeState;
  } catch {
    return undefined;
  }
}

function writeState(file: string, state: ResumeState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(state), { mode: 0o600 });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A failure worth trying again in the same run: the network, or the server (5xx); never a 4xx. */
const transient = (e: unknown) => e instanceof CliError && !/^4\d\d:/.test(e.message);

async function withRetries<T>(what: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await what();
    } catch (e) {
      if (attempt >= tries || !transient(e)) throw e;
      await sleep(500 * 2 ** (attempt - 1));
    }
  }
}

/**
 * A file over the chunked-upload threshold: init (or the session a previous run left), every chunk
 * the server does not hold yet — each streamed from the file — then finalize and the assembly.
 * The server's digest of what it assembled must equal the file's (exit code 3 otherwise).
 * Returns the paste id; the state file is removed once the paste exists.
 */
export async function chunkedUpload(
  client: Client,
  file: SourceFile,
  options: PasteOptions,
  env: NodeJS.ProcessEnv,
): Promise<{ id: string; uploadId: string; resumed: boolean; chunksSent: number; sha256: string }> {
  const stateAt = stateFile(env, client.target.url, file);
  let state = readState(stateAt);
  let status: UploadStatus | undefined;
  if (state) {
    const res = await client.request(`/api/pastes/upload/${encodeURIComponent(state.uploadId)}`, {
      accept: [404],
    });
    if (res.status === 200) status = (await res.json()) as UploadStatus;
    // Gone (collected after a day idle, cancelled) or failed: start over.
    if (!status || status.status === 'failed') {
      state = undefined;
      status = undefined;
    }
  }
  const resumed = state !== undefined;
  if (!state) {
    const chunkSize = options.chunkSize ?? CHUNK_SIZE_BYTES;
    const totalChunks = Math.ceil(file.size / chunkSize);
    const { uploadId } = await client.json<{ uploadId: string }>('/api/pastes/upload/init', {
      json: {
        totalChunks,
        totalSize: file.size,
        chunkSize,
        title: options.title,
        privacy: options.privacy,
        password: options.password,
        expiration: options.expiration,
        language: options.language,
      },
    });
    state = { uploadId, site: client.target.url, file: file.path, size: file.size, mtimeMs: file.mtimeMs };
    writeState(stateAt, state);
    status = { status: 'receiving', chunkSize, totalChunks, chunksReceived: [] };
  }
  const { uploadId } = state;
  const upload = status!;

  // One read of the file: each slice feeds the digest as it is sent (or, already on the server, read
  // for the digest alone). A retried chunk starts again from the digest before it.
  let digest = createHash('sha256');
  let chunksSent = 0;
  const meter = progressMeter(file.size);
  let done = 0;
  for (let index = 0; index < upload.totalChunks; index++) {
    const start = index * upload.chunkSize;
    const length = Math.min(upload.chunkSize, file.size - start);
    if (upload.status !== 'receiving' || upload.chunksReceived.includes(index)) {
      for await (const bytes of readSlice(file.path, start, length)) digest.update(bytes);
    } else {
      digest = await withRetries(async () => {
        const attempt = digest.copy();
        const body = chunkBody(uploadId, index, readSlice(file.path, start, length, attempt), length);
        await client.streamPost('/api/pastes/upload/chunk', body.headers, body.body);
        return attempt;
      });
      chunksSent += 1;
    }
    done += length;
    meter.update(done);
  }
  meter.end();
  const sha256 = digest.digest('hex');

  const { id } = await withRetries(() =>
    client.json<{ id: string }>('/api/pastes/upload/finalize', { json: { uploadId } }),
  );
  await waitForAssembly(client, id);
  fs.rmSync(stateAt, { force: true });
  const assembled = await client.json<UploadStatus>(`/api/pastes/upload/${encodeURIComponent(uploadId)}`);
  if (assembled.sha256 !== sha256) {
    throw new CliError(
      `the paste ${id} differs from ${file.path}: sha256 ${assembled.sha256} on the site, ${sha256} here`,
      EXIT.refused,
    );
  }
  return { id, uploadId, resumed, chunksSent, sha256 };
}

/** Polls the assembly until the paste is readable; its refusal (not UTF-8 text) is the error. */
async function waitForAssembly(client: Client, id: string): Promise<void> {
  const meter = progressMeter(100);
  // Often at first (a small file is assembled in a moment), then every half second.
  for (let wait = 50; ; wait = Math.min(500, wait * 2)) {
    const res = await client.request(`/api/pastes/${id}/assembly-progress`, { accept: [422] });
    const body = (await res.json()) as { progress?: number; isComplete?: boolean; message?: string };
    if (res.status === 422) throw serverError(`422: ${body.message}`);
    if (body.isComplete) break;
    meter.note(`assembling ${body.progress ?? 0} %`);
    await sleep(wait);
  }
  meter.end();
}
