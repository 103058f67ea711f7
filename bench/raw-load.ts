import net from 'node:net';

/**
 * A keep-alive GET load over plain sockets that reads each answer's status and Content-Length and
 * skips its body unread. autocannon turns every body into a string (`req.body += chunk`); on a
 * 15 KB brotli page that decoding keeps it at 100 % of its core while the server idles at 40 %,
 * so it would measure itself. This client costs a few microseconds per answer whatever its size.
 */
export interface RawLoadResult {
  rps: number;
  ok: number;
  non2xx: number;
  /** Body bytes per answer (the last one's Content-Length). */
  bodyBytes: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

export function rawDrive(spec: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<RawLoadResult> {
  const url = new URL(spec.url);
  const head = [`GET ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`];
  for (const [name, value] of Object.entries(spec.headers)) head.push(`${name}: ${value}`);
  const request = Buffer.from(`${head.join('\r\n')}\r\n\r\n`);
  let ok = 0;
  let non2xx = 0;
  let bodyBytes = 0;
  let running = true;
  const started = performance.now();

  const connection = () =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname);
      socket.setNoDelay(true);
      let pending = Buffer.alloc(0);
      let skip = 0; // body bytes of the current answer still to come
      socket.on('connect', () => socket.write(request));
      socket.on('error', reject);
      socket.on('close', () => resolve());
      socket.on('data', (chunk: Buffer) => {
        let data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        pending = Buffer.alloc(0);
        for (;;) {
          if (skip > 0) {
            const taken = Math.min(skip, data.length);
            skip -= taken;
            data = data.subarray(taken);
            if (skip > 0) return;
            if (!running) return void socket.end();
            socket.write(request);
          }
          if (data.length === 0) return;
          const end = data.indexOf(HEAD_END);
          if (end === -1) {
            pending = Buffer.from(data);
            return;
          }
          const text = data.toString('latin1', 0, end);
          const status = Number(text.slice(9, 12));
          const length = /\r\ncontent-length: *(\d+)/i.exec(text);
          if (!length) return reject(new Error(`an answer without Content-Length: ${text.slice(0, 200)}`));
          if (status >= 200 && status < 300) ok += 1;
          else non2xx += 1;
          bodyBytes = Number(length[1]);
          skip = bodyBytes;
          data = data.subarray(end + HEAD_END.length);
          if (skip === 0) {
            if (!running) return void socket.end();
            socket.write(request);
          }
        }
      });
    });

  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      running = false;
      resolve();
    }, spec.seconds * 1000),
  );
  const all = Array.from({ length: spec.connections }, connection);
  return Promise.all([timer, ...all]).then(() => {
    const seconds = (performance.now() - started) / 1000;
    return { rps: ok / seconds, ok, non2xx, bodyBytes };
  });
}
