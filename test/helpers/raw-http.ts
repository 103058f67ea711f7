import net from 'node:net';

export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  /** Exactly Content-Length bytes that followed the head. */
  body: Buffer;
}

/**
 * Sends the GETs pipelined on one kept-alive socket (the last asks the server to close) and
 * frames the answers strictly by their Content-Length, as a proxy reusing the connection would.
 * Throws when an answer lacks Content-Length or when bytes are left over: extra bytes after a
 * body are exactly what a response-splitting attack would slip into the next answer.
 */
export async function pipelinedGets(
  baseUrl: string,
  paths: string[],
  headers: Record<string, string> = {},
): Promise<WireResponse[]> {
  const { hostname, port } = new URL(baseUrl);
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const requests = paths
    .map(
      (p, i) =>
        `GET ${p} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${extra}` +
        `Connection: ${i === paths.length - 1 ? 'close' : 'keep-alive'}\r\n\r\n`,
    )
    .join('');
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.write(requests);
  });
  return frame(bytes, paths.length);
}

function frame(bytes: Buffer, expected: number): WireResponse[] {
  const out: WireResponse[] = [];
  let at = 0;
  while (out.length < expected) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd === -1) throw new Error(`answer ${out.length + 1} has no complete head`);
    const [statusLine = '', ...lines] = bytes.subarray(at, headEnd).toString('latin1').split('\r\n');
    const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
    if (!status) throw new Error(`answer ${out.length + 1} starts with ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length)) throw new Error(`answer ${out.length + 1} has no Content-Length`);
    const bodyStart = headEnd + 4;
    out.push({ status: Number(status[1]), headers, body: bytes.subarray(bodyStart, bodyStart + length) });
    at = bodyStart + length;
  }
  if (at !== bytes.length) {
    throw new Error(`${bytes.length - at} bytes after the last answer: ${bytes.subarray(at, at + 80)}`);
  }
  return out;
}
