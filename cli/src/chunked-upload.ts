import { createHash, randomBytes } from 'node:crypto';
import { CHUNK_SIZE_BYTES } from '../../src/common/constants.js';
import type { ResponseOf } from '../../src/common/schemas/responses.js';
import { type Client, routePath } from './client.js';
import { CliError, EXIT, serverError } from './errors.js';
import type { SourceFile } from './paste-source.js';
import { forgetUpload, type ResumeState, recallUpload, rememberUpload } from './resume-state.js';
import { progressMeter } from './terminal.js';

/** What a chunked upload sends: bytes it can read again by range (for a retry, or a resumed run). */
export interface UploadSource {
  size: number;
  /** Bytes [start, start + length), in pieces; each valid until the next is asked for. */
  read(start: number, length: number): AsyncIterable<Uint8Array>;
  /** init's fields beside the sizes: the paste's options (and `encrypted`, `sealedTitle`). */
  init: Record<string, unknown>;
  /** finalize's fields beside the upload's id, made once every byte was read (a sealed line table). */
  finalize?: () => Promise<Record<string, unknown>>;
  /**
   * The file whose upload a rerun may continue. Absent for an encrypted one: each run seals under
   * a new key, so another run's chunks are not this run's bytes.
   */
  resumable?: SourceFile;
  chunkSize: number | undefined;
}

type UploadStatus = ResponseOf<'GET /api/pastes/upload/:uploadId'>;

/**
 * A chunk request: the two fields first (the server checks the upload before the first byte of the
 * chunk, which then streams to its place), then the slice as it is read, with its exact length.
 * Built here rather than with FormData so the body streams at the file's pace with a known length.
 */
function chunkBody(uploadId: string, index: number, bytes: AsyncIterable<Uint8Array>, length: number) {
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

/** The pieces of `bytes`, each fed to `hash` on its way. */
async function* hashed(bytes: AsyncIterable<Uint8Array>, hash: ReturnType<typeof createHash>) {
  for await (const piece of bytes) {
    hash.update(piece);
    yield piece;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A failure worth trying again in the same run: the network, or the server (5xx); never a 4xx. */
const transient = (e: unknown) =>
  e instanceof CliError && e.exitCode === EXIT.server && !/^4\d\d:/.test(e.message);

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

/** The upload a previous run left for this file, if the site still has it receiving. */
async function resumed(client: Client, source: UploadSource, env: NodeJS.ProcessEnv) {
  if (!source.resumable) return undefined;
  const state = recallUpload(env, client.target.url, source.resumable);
  if (!state) return undefined;
  const res = await client.request(
    routePath('GET /api/pastes/upload/:uploadId', { params: { uploadId: state.uploadId } }),
    { accept: [404] },
  );
  const status = res.status === 200 ? ((await res.json()) as UploadStatus) : undefined;
  // Gone (collected after a day idle, cancelled) or failed: start over.
  return status && status.status !== 'failed' ? { state, status } : undefined;
}

/**
 * An upload in chunks: init (or the session a previous run left), every chunk the server does not
 * hold yet — each streamed from the source — then finalize and the assembly. The server's digest
 * of what it assembled must equal the source's (exit code 3 otherwise). A resumable upload's state
 * is kept for a rerun until the paste exists; any other is cancelled when it fails.
 */
export async function chunkedUpload(
  client: Client,
  source: UploadSource,
  env: NodeJS.ProcessEnv,
): Promise<{ id: string; uploadId: string; resumed: boolean; chunksSent: number; sha256: string }> {
  const earlier = await resumed(client, source, env);
  let state: ResumeState;
  let upload: Pick<UploadStatus, 'status' | 'chunkSize' | 'totalChunks' | 'chunksReceived'>;
  if (earlier) {
    ({ state, status: upload } = earlier);
  } else {
    const chunkSize = source.chunkSize ?? CHUNK_SIZE_BYTES;
    const totalChunks = Math.ceil(source.size / chunkSize);
    const { uploadId } = await client.api('POST /api/pastes/upload/init', {
      json: { ...source.init, totalChunks, totalSize: source.size, chunkSize },
    });
    state = { uploadId, site: client.target.url };
    if (source.resumable) rememberUpload(env, state, source.resumable);
    upload = { status: 'receiving', chunkSize, totalChunks, chunksReceived: [] };
  }
  try {
    const sent = await sendChunks(client, source, state.uploadId, upload);
    const finalize = { uploadId: state.uploadId, ...(await source.finalize?.()) };
    const { id } = await withRetries(() =>
      client.api('POST /api/pastes/upload/finalize', { json: finalize }),
    );
    await waitForAssembly(client, id);
    if (source.resumable) forgetUpload(env, client.target.url, source.resumable);
    const assembled = await client.api('GET /api/pastes/upload/:uploadId', {
      params: { uploadId: state.uploadId },
    });
    if (assembled.sha256 !== sent.sha256) {
      throw new CliError(
        `the paste ${id} differs from what was sent: sha256 ${assembled.sha256} on the site, ${sent.sha256} here`,
        EXIT.refused,
      );
    }
    return { id, uploadId: state.uploadId, resumed: earlier !== undefined, ...sent };
  } catch (e) {
    // Not resumable: the chunks sent would only hold the account's upload quota for a day.
    if (!source.resumable) {
      await client
        .api('POST /api/pastes/upload/cancel', { json: { uploadId: state.uploadId } })
        .catch(() => {});
    }
    throw e;
  }
}

/**
 * Every chunk the server lacks, each streamed from the source. One read of the source: each slice
 * feeds the digest as it is sent (or, already on the server, read for the digest alone). A retried
 * chunk starts again from the digest before it.
 */
async function sendChunks(
  client: Client,
  source: UploadSource,
  uploadId: string,
  upload: Pick<UploadStatus, 'status' | 'chunkSize' | 'totalChunks' | 'chunksReceived'>,
): Promise<{ chunksSent: number; sha256: string }> {
  let digest = createHash('sha256');
  let chunksSent = 0;
  const meter = progressMeter(source.size);
  let done = 0;
  for (let index = 0; index < upload.totalChunks; index++) {
    const start = index * upload.chunkSize;
    const length = Math.min(upload.chunkSize, source.size - start);
    if (upload.status !== 'receiving' || upload.chunksReceived.includes(index)) {
      for await (const bytes of source.read(start, length)) digest.update(bytes);
    } else {
      digest = await withRetries(async () => {
        const attempt = digest.copy();
        const body = chunkBody(uploadId, index, hashed(source.read(start, length), attempt), length);
        await client.streamPost('/api/pastes/upload/chunk', body.headers, body.body);
        return attempt;
      });
      chunksSent += 1;
    }
    done += length;
    meter.update(done);
  }
  meter.end();
  return { chunksSent, sha256: digest.digest('hex') };
}

/** Polls the assembly until the paste is readable; its refusal (not UTF-8 text) is the error. */
async function waitForAssembly(client: Client, id: string): Promise<void> {
  const meter = progressMeter(100);
  // Often at first (a small file is assembled in a moment), then every half second.
  for (let wait = 50; ; wait = Math.min(500, wait * 2)) {
    const res = await client.request(routePath('GET /api/pastes/:id/assembly-progress', { params: { id } }), {
      accept: [422],
    });
    if (res.status === 422) throw serverError(`422: ${((await res.json()) as { message: string }).message}`);
    const body = (await res.json()) as ResponseOf<'GET /api/pastes/:id/assembly-progress'>;
    if (body.isComplete) break;
    meter.note(`assembling ${body.progress} %`);
    await sleep(wait);
  }
  meter.end();
}
