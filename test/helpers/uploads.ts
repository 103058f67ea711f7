import { createHash } from 'node:crypto';
import type { HttpClient, TestResponse } from './http-client.js';
import { StopWaiting, waitUntil } from './wait-until.js';

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** UTF-8 text of exactly `bytes` bytes, varied (multi-byte characters straddle chunk edges). */
export function textOfSize(bytes: number, seed = 1): Buffer {
  const line = Buffer.from(`${seed} Grüße 日本語 🎉 log line with some words\n`);
  // Whole lines only (a cut one could split a character), then ASCII padding.
  const out = Buffer.alloc(bytes, '.');
  for (let at = 0; at + line.length <= bytes; at += line.length) line.copy(out, at);
  return out;
}

export function chunkForm(uploadId: string, index: number, bytes: Buffer, fileFirst = false): FormData {
  const f = new FormData();
  const file = new Blob([new Uint8Array(bytes)]);
  if (fileFirst) f.append('chunk', file, 'chunk.bin');
  f.append('uploadId', uploadId);
  f.append('chunkIndex', String(index));
  if (!fileFirst) f.append('chunk', file, 'chunk.bin');
  return f;
}

export const sendChunk = (
  c: HttpClient,
  uploadId: string,
  index: number,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<TestResponse> =>
  c.post('/api/pastes/upload/chunk', undefined, { raw: chunkForm(uploadId, index, bytes), headers });

/** init, every chunk in order, finalize: the paste id. */
export async function uploadWhole(
  c: HttpClient,
  data: Buffer,
  chunkSize: number,
  opts: Record<string, unknown> = {},
  clients: HttpClient[] = [c],
  finalizeBody: Record<string, unknown> = {},
): Promise<{ uploadId: string; id: string }> {
  const totalChunks = Math.ceil(data.length / chunkSize);
  const init = await c.post('/api/pastes/upload/init', { totalChunks, totalSize: data.length, ...opts });
  if (init.status !== 200) throw new Error(`init: ${init.status} ${init.text}`);
  const { uploadId } = init.body;
  for (let i = 0; i < totalChunks; i++) {
    const res = await sendChunk(
      clients[i % clients.length]!,
      uploadId,
      i,
      data.subarray(i * chunkSize, (i + 1) * chunkSize),
    );
    if (res.status !== 200) throw new Error(`chunk ${i}: ${res.status} ${res.text}`);
  }
  const fin = await clients[totalChunks % clients.length]!.post('/api/pastes/upload/finalize', {
    uploadId,
    ...finalizeBody,
  });
  if (fin.status !== 201) throw new Error(`finalize: ${fin.status} ${fin.text}`);
  return { uploadId, id: fin.body.id };
}

/** Polls assembly progress until complete (as long as it takes: it is a background job); returns every value seen. */
export async function waitAssembled(c: HttpClient, id: string): Promise<number[]> {
  const seen: number[] = [];
  await waitUntil(
    `the assembly of ${id}`,
    async () => {
      const res = await c.get(`/api/pastes/${id}/assembly-progress`);
      if (res.status !== 200) throw new StopWaiting(`progress: ${res.status} ${res.text}`);
      seen.push(res.body.progress);
      if (!res.body.isComplete) throw new Error(`progress ${res.body.progress}`);
      return true;
    },
    { intervalMs: 20 },
  );
  return seen;
}
