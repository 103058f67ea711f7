import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Bytes of the status line and headers as sent (reconstructed from rawHeaders). */
  headerBytes: number;
  body: Buffer;
}

/**
 * One request over node:http, keeping the exact body bytes and the size of the headers as sent.
 * A new connection each time unless an `agent` (e.g. keep-alive) is given.
 */
export function request(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    agent?: http.Agent;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            headerBytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            headerBytes,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Headers of a same-origin JSON POST, as the web app sends them (CSRF check: Origin = server origin). */
export function jsonPostHeaders(origin: string): Record<string, string> {
  return { 'content-type': 'application/json', origin };
}
