import net from 'node:net';
import { Transform } from 'node:stream';

/** Passes bytes on at most `bytesPerSecond` (a slow uplink). */
function throttle(bytesPerSecond: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      setTimeout(() => done(null, chunk), (chunk.length / bytesPerSecond) * 1000);
    },
  });
}

/**
 * A loopback TCP proxy a test can cut and restore, to play a database going away and coming back;
 * `uplinkBytesPerSecond` slows what clients send (an upload a test can interrupt half-way);
 * `onUplink` sees every byte a client sends (what a request carried), as it passes.
 */
export async function startTcpProxy(
  targetHost: string,
  targetPort: number,
  opts: { uplinkBytesPerSecond?: number; onUplink?: (bytes: Buffer) => void } = {},
) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    if (opts.onUplink) client.on('data', opts.onUplink);
    const fromClient = opts.uplinkBytesPerSecond ? client.pipe(throttle(opts.uplinkBytesPerSecond)) : client;
    fromClient.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Drops every connection and refuses new ones. */
    cut(): void {
      up = false;
      for (const s of sockets) s.destroy();
    },
    restore(): void {
      up = true;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
