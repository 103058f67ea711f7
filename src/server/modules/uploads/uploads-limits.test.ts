import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser, loginClient, type TestApp, withTestApp } from '../../../../test/helpers/test-app.js';
import {
  chunkForm,
  sendChunk,
  sha256,
  textOfSize,
  uploadWhole,
  waitAssembled,
} from '../../../../test/helpers/uploads.js';
import { CHUNK_SIZE_MIN_BYTES } from '../../../common/constants.js';
import { GENERIC_MESSAGES, UPLOAD_MESSAGES } from '../../../common/messages.js';

/** The open-uploads cap and byte quota hold under a burst (#2), chunks are checked before
 * they are written (#5) and cannot change once finalize starts (#8), and the client may choose its
 * chunk size (#10). */
const CHUNK = 64 * 1024;

const signedInClient = async (t: TestApp) => {
  const u = await createUser(t);
  return loginClient(t, u.username, u.plainPassword);
};
const init = (c: Awaited<ReturnType<typeof signedInClient>>, totalSize: number, extra = {}) =>
  c.post('/api/pastes/upload/init', { totalChunks: Math.ceil(totalSize / CHUNK), totalSize, ...extra });

/** Everything written under the data folder for uploads: spooled chunks and the parts' files. */
function uploadBytesOnDisk(t: TestApp): Buffer[] {
  const dirs = [path.join(t.dataDir, 'tmp', 'chunks'), path.join(t.dataDir, 'blobs', '.parts')];
  return dirs.flatMap((dir) =>
    fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f))) : [],
  );
}
const nonZeroBytes = (files: Buffer[]) => files.reduce((n, b) => n + b.filter((x) => x !== 0).length, 0);

describe('limits on open uploads', () => {
  const t = withTestApp({
    env: { TEST_UPLOAD_CHUNK_BYTES: String(CHUNK), UPLOAD_BYTES_PER_ACCOUNT: String(10 * CHUNK) },
  });

  it('lets exactly five of 40 concurrent inits from one account through', async () => {
    const c = await signedInClient(t);
    const answers = await Promise.all(Array.from({ length: 40 }, () => init(c, CHUNK)));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect([r.status, r.body.message]).toEqual([429, GENERIC_MESSAGES.tooManyUploads]);
    }
    const rows = await t.db.kysely.selectFrom('upload_sessions').select('id').execute();
    expect(rows).toHaveLength(5);
    // Refused inits left no reserved file behind.
    expect(fs.readdirSync(path.join(t.dataDir, 'blobs', '.parts'))).toHaveLength(5);
  });

  it('keeps the bytes held by one account’s unfinished uploads within its quota', async () => {
    const c = await signedInClient(t);
    expect((await init(c, 6 * CHUNK)).status).toBe(200);
    const over = await init(c, 5 * CHUNK);
    expect([over.status, over.body.message]).toEqual([429, UPLOAD_MESSAGES.quotaExceeded(10 * CHUNK)]);
    expect((await init(c, 4 * CHUNK)).status).toBe(200);
    // Another account has a quota of its own.
    expect((await init(await signedInClient(t), 10 * CHUNK)).status).toBe(200);
  });
});

describe('chunks are checked before they are written', () => {
  const t = withTestApp({
    env: { TEST_UPLOAD_CHUNK_BYTES: String(CHUNK), UPLOAD_CHUNKS_PER_ACCOUNT_PER_MIN: '6' },
  });

  it('writes nothing for an upload of another account or an unknown one, in either field order', async () => {
    const owner = await signedInClient(t);
    const { uploadId } = (await init(owner, 2 * CHUNK)).body;
    const stranger = await signedInClient(t);
    const before = nonZeroBytes(uploadBytesOnDisk(t));
    for (const fileFirst of [false, true]) {
      for (const id of [uploadId, 'unknown-upload-id']) {
        const res = await stranger.post('/api/pastes/upload/chunk', undefined, {
          raw: chunkForm(id, 0, textOfSize(CHUNK), fileFirst),
        });
        expect([res.status, res.body.message]).toEqual([404, UPLOAD_MESSAGES.sessionNotFound]);
      }
    }
    expect(nonZeroBytes(uploadBytesOnDisk(t))).toBe(before);
  });

  it('rate-limits chunk requests per account with 429 and Retry-After', async () => {
    const c = await signedInClient(t);
    const { uploadId } = (await init(c, 2 * CHUNK)).body;
    for (let i = 0; i < 6; i++) expect((await sendChunk(c, uploadId, 0, textOfSize(CHUNK))).status).toBe(200);
    const refused = await sendChunk(c, uploadId, 1, textOfSize(CHUNK));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

/** A chunk request whose file part arrives in two halves, the second when `release` is called. */
function slowChunk(t: TestApp, cookie: string, uploadId: string, index: number, bytes: Buffer) {
  const boundary = 'slow-chunk-boundary';
  const enc = (s: string) => new TextEncoder().encode(s);
  const head = enc(
    `--${boundary}\r\nContent-Disposition: form-data; name="uploadId"\r\n\r\n${uploadId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunkIndex"\r\n\r\n${index}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="c.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let started!: () => void;
  const sentHalf = new Promise<void>((r) => {
    started = r;
  });
  const half = Math.floor(bytes.length / 2);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(head);
      controller.enqueue(new Uint8Array(bytes.subarray(0, half)));
      started();
      await released;
      controller.enqueue(new Uint8Array(bytes.subarray(half)));
      controller.enqueue(enc(`\r\n--${boundary}--\r\n`));
      controller.close();
    },
  });
  const response = fetch(`${t.baseUrl}/api/pastes/upload/chunk`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      cookie,
      origin: t.baseUrl,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  } as RequestInit);
  return { response, sentHalf, release };
}

async function waitChunkWriting(t: TestApp, uploadId: string, index: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const row = await t.db.kysely
      .selectFrom('upload_chunks')
      .select('state')
      .where('upload_id', '=', uploadId)
      .where('chunk_index', '=', index)
      .executeTakeFirst();
    if (row?.state === 'writing') return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`chunk ${index} of ${uploadId} was never registered as being written`);
}

describe('chunks cannot change once finalize starts', () => {
  const t = withTestApp({ env: { TEST_UPLOAD_CHUNK_BYTES: String(CHUNK) } });

  it('refuses finalize while a chunk is being written, and any chunk after finalize', async () => {
    const u = await createUser(t);
    const c = await loginClient(t, u.username, u.plainPassword);
    const data = textOfSize(2 * CHUNK);
    const { uploadId } = (await init(c, data.length)).body;
    for (const i of [0, 1]) await sendChunk(c, uploadId, i, data.subarray(i * CHUNK, (i + 1) * CHUNK));
    // Chunk 0 sent again, slowly, with other bytes: finalize must not start under it.
    const cookie = c.cookieHeader();
    const resend = slowChunk(t, cookie, uploadId, 0, textOfSize(CHUNK, 7));
    await resend.sentHalf;
    // The half sent leaves the client at once, but the server registers the write only when its
    // reader reaches the file part: finalizing before that would rightly take the old chunk 0.
    await waitChunkWriting(t, uploadId, 0);
    const busy = await c.post('/api/pastes/upload/finalize', { uploadId });
    expect([busy.status, busy.body.message]).toEqual([409, UPLOAD_MESSAGES.chunkBeingWritten]);
    resend.release();
    expect((await resend.response).status).toBe(200);
    const expected = Buffer.concat([textOfSize(CHUNK, 7), data.subarray(CHUNK)]);
    const fin = await c.post('/api/pastes/upload/finalize', { uploadId });
    expect(fin.status).toBe(201);
    // After finalize, a chunk is refused before a byte of it is written.
    const late = await sendChunk(c, uploadId, 1, textOfSize(CHUNK, 9));
    expect([late.status, late.body.message]).toEqual([409, UPLOAD_MESSAGES.alreadyFinalized]);
    await waitAssembled(c, fin.body.id);
    const res = await fetch(`${t.baseUrl}/api/pastes/${fin.body.id}/download`);
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(expected));
  });
});

describe('a chunk size chosen by the client', () => {
  const t = withTestApp();

  it('takes chunkSize from 5 MiB to 100 MiB at init and holds every chunk to it', async () => {
    const c = await signedInClient(t);
    const chunkSize = CHUNK_SIZE_MIN_BYTES;
    const data = textOfSize(2 * chunkSize + 1000);
    const wrongCount = await c.post('/api/pastes/upload/init', {
      totalChunks: 1,
      totalSize: data.length,
      chunkSize,
    });
    expect(wrongCount.status).toBe(400);
    for (const bad of [CHUNK_SIZE_MIN_BYTES - 1, 100 * 1024 * 1024 + 1, 'big']) {
      const res = await c.post('/api/pastes/upload/init', { totalChunks: 1, totalSize: 10, chunkSize: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/chunkSize/);
    }
    const { id } = await uploadWhole(c, data, chunkSize, { chunkSize });
    await waitAssembled(c, id);
    const res = await fetch(`${t.baseUrl}/api/pastes/${id}/download`);
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(data));
  });
});
