import fs from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';

const MB = 1024 * 1024;

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
