import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHUNK_SIZE_BYTES } from '../../src/common/constants.js';
import type { Client } from './client.js';
import { CliError, EXIT, serverError } from './errors.js';
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

/** The file's sha256, read as a stream (alongside the upload). */
async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk);
  return hash.digest('hex');
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
  const ownDigest = fileDigest(file.path);
  // Settled here too, so a failure before it is awaited is not an unhandled rejection.
  ownDigest.catch(() => {});
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

  let chunksSent = 0;
  if (upload.status === 'receiving') {
    const blob = await fs.openAsBlob(file.path);
    const have = new Set(upload.chunksReceived);
    const meter = progressMeter(file.size);
    let done = upload.chunksReceived.length * upload.chunkSize;
    for (let index = 0; index < upload.totalChunks; index++) {
      if (have.has(index)) continue;
      const start = index * upload.chunkSize;
      const part = blob.slice(start, Math.min(file.size, start + upload.chunkSize));
      await withRetries(async () => {
        // Fields first: the server checks the upload before the first byte and streams the chunk.
        const form = new FormData();
        form.append('uploadId', uploadId);
        form.append('chunkIndex', String(index));
        form.append('chunk', part, 'chunk.bin');
        await client.request('/api/pastes/upload/chunk', { body: form });
      });
      chunksSent += 1;
      done = Math.min(file.size, done + part.size);
      meter.update(done);
    }
    meter.end();
  }

  const { id } = await withRetries(() =>
    client.json<{ id: string }>('/api/pastes/upload/finalize', { json: { uploadId } }),
  );
  await waitForAssembly(client, id);
  fs.rmSync(stateAt, { force: true });
  const assembled = await client.json<UploadStatus>(`/api/pastes/upload/${encodeURIComponent(uploadId)}`);
  const sha256 = await ownDigest;
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
  for (;;) {
    const res = await client.request(`/api/pastes/${id}/assembly-progress`, { accept: [422] });
    const body = (await res.json()) as { progress?: number; isComplete?: boolean; message?: string };
    if (res.status === 422) throw serverError(`422: ${body.message}`);
    if (body.isComplete) break;
    meter.note(`assembling ${body.progress ?? 0} %`);
    await sleep(500);
  }
  meter.end();
}
