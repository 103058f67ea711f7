import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CHUNK_SIZE_BYTES } from '../src/common/constants.js';

const MB = 1024 * 1024;

/**
 * A file of log-like UTF-8 lines, `sizeMb` blocks of about 1 MB, written once into `dir`; its
 * sha256 checks every download.
 */
export async function logFile(
  dir: string,
  sizeMb: number,
): Promise<{ file: string; size: number; sha: string }> {
  const file = path.join(dir, 'big.log');
  const line = Buffer.from('2026-11-24T11:00:00.000Z INFO worker-3 request served in 12 ms — ok ✓\n');
  const block = Buffer.concat(Array.from({ length: Math.floor(MB / line.length) }, () => line));
  const size = sizeMb * block.length;
  const hash = createHash('sha256');
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < sizeMb; i++) {
          hash.update(block);
          yield block;
        }
      })(),
    ),
    fs.createWriteStream(file),
  );
  return { file, size, sha: hash.digest('hex') };
}

/** One HTTP request with a streamed body; resolves with the status and the answer text. */
export function send(
  url: string,
  opts: { method: string; headers: Record<string, string | number>; body?: () => Readable | Buffer },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method, headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const body = opts.body?.();
    if (body === undefined) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}

/** A multipart chunk request: the fields first, then the slice of the file, streamed from disk. */
export function chunkRequest(file: string, uploadId: string, index: number, start: number, length: number) {
  const boundary = `----bench${index}${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="uploadId"\r\n\r\n${uploadId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunkIndex"\r\n\r\n${index}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="big.log"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + length + tail.length,
    body: () =>
      Readable.from(
        (async function* () {
          yield head;
          yield* fs.createReadStream(file, { start, end: start + length - 1, highWaterMark: MB });
          yield tail;
        })(),
      ),
  };
}

const ms = (start: number) => performance.now() - start;

/**
 * `file` as the chunked API takes it: chunks (CHUNK_SIZE_BYTES each, streamed from disk), then
 * finalize, then polling until assembled. Returns the paste and the milliseconds of each part.
 */
export async function uploadChunked(
  origin: string,
  auth: Record<string, string>,
  file: string,
  size: number,
  title: string,
  /** More init fields, e.g. `encrypted` and `sealedTitle` for a sealed file (then `title` is ''). */
  initFields: Record<string, unknown> = {},
) {
  const totalChunks = Math.ceil(size / CHUNK_SIZE_BYTES);
  let start = performance.now();
  const init = await send(`${origin}/api/pastes/upload/init`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: () =>
      Buffer.from(JSON.stringify({ totalChunks, totalSize: size, title, expiration: '1d', ...initFields })),
  });
  if (init.status !== 200) throw new Error(`init: ${init.status} ${init.text}`);
  const { uploadId } = JSON.parse(init.text) as { uploadId: string };
  for (let i = 0; i < totalChunks; i++) {
    const offset = i * CHUNK_SIZE_BYTES;
    const c = chunkRequest(file, uploadId, i, offset, Math.min(CHUNK_SIZE_BYTES, size - offset));
    const res = await send(`${origin}/api/pastes/upload/chunk`, {
      method: 'POST',
      headers: { ...auth, 'content-type': c.contentType, 'content-length': c.length },
      body: c.body,
    });
    if (res.status !== 200) throw new Error(`chunk ${i}: ${res.status} ${res.text}`);
  }
  const chunksMs = ms(start);
  start = performance.now();
  const fin = await send(`${origin}/api/pastes/upload/finalize`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: () => Buffer.from(JSON.stringify({ uploadId })),
  });
  if (fin.status !== 201) throw new Error(`finalize: ${fin.status} ${fin.text}`);
  const { id } = JSON.parse(fin.text) as { id: string };
  for (;;) {
    const p = (await (await fetch(`${origin}/api/pastes/${id}/assembly-progress`)).json()) as {
      isComplete?: boolean;
    };
    if (p.isComplete) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { id, chunksMs, assemblyMs: ms(start) };
}
