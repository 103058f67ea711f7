import net from 'node:net';

/**
 * The longest time the event loop went without running a 1 ms timer while `work` ran: what
 * any other request to this process would have waited at worst. (The test app shares the
 * test's process, so this is the server's event loop.)
 */
export async function maxLoopStall<T>(work: () => Promise<T>): Promise<{ result: T; maxStallMs: number }> {
  let last = performance.now();
  let maxStallMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    maxStallMs = Math.max(maxStallMs, now - last);
    last = now;
  }, 1);
  try {
    const result = await work();
    return { result, maxStallMs };
  } finally {
    clearInterval(probe);
  }
}

/**
 * POSTs a body over a plain socket (JSON unless headers give another Content-Type); resolves with the status, the answer, the milliseconds
 * from the first byte sent to the first byte of the answer, and whether the whole body had left
 * (been taken by the kernel) before the answer began: for a body far larger than the socket
 * buffers, that is whether the server read it all before answering.
 */
export function postRaw(
  baseUrl: string,
  path: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; answeredInMs: number; bodySentFirst: boolean }> {
  const { hostname, port } = new URL(baseUrl);
  const all = { 'Content-Type': 'application/json', ...headers };
  const head =
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
    `Origin: ${baseUrl}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n` +
    Object.entries(all)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let firstByteAt = Number.NaN;
    let bodySent = false;
    let bodySentFirst = false;
    const chunks: Buffer[] = [];
    socket.on('data', (c) => {
      if (Number.isNaN(firstByteAt)) {
        firstByteAt = performance.now();
        bodySentFirst = bodySent;
      }
      chunks.push(c);
    });
    const done = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      if (!status) return reject(new Error(`no answer: ${text.slice(0, 200)}`));
      resolve({ status, text, answeredInMs: firstByteAt - startedAt, bodySentFirst });
    };
    socket.on('close', done);
    // The server may close while we are still sending a refused body: that is the expected end.
    socket.on('error', () => {});
    const startedAt = performance.now();
    socket.write(head);
    socket.write(body, () => {
      bodySent = true;
    });
  });
}
