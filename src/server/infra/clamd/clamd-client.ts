import net from 'node:net';

/**
 * A client of ClamAV's daemon (clamd) for one command, INSTREAM, over its TCP or Unix socket.
 *
 * The protocol (clamd(8)): a command is sent as `z<COMMAND>\0` (the `z` form ends every line with
 * NUL). After `zINSTREAM\0` the file follows as chunks, each a 4-byte unsigned big-endian length
 * then that many bytes; a zero length ends the stream. clamd answers one line, `stream: OK`,
 * `stream: <Signature> FOUND`, or `<reason> ERROR`, then closes. clamd refuses a stream longer
 * than its StreamMaxLength (Debian ships 25M) with `INSTREAM size limit exceeded. ERROR`, so we
 * send at most `maxStreamBytes` (set it to the daemon's value) and say the verdict was of a prefix:
 * clamd itself scans no more than its MaxFileSize of a file either.
 *
 * Memory stays flat whatever the file's size: `push` waits for the socket to drain before the
 * caller reads more. (npm's clamscan buffers in a passthrough and has no prefix rule: see
 * docs/decisions.md.)
 */

export interface ClamdOptions {
  /** `tcp://host:port` or `unix:///path/to/clamd.ctl`. */
  url: string;
  /** The daemon's StreamMaxLength in bytes. */
  maxStreamBytes: number;
  /** An idle socket for this long (no answer, no drain) is a failure. */
  timeoutMs: number;
}

export type ScanVerdict =
  | { outcome: 'clean'; scannedBytes: number; partial: boolean }
  | { outcome: 'infected'; signature: string; scannedBytes: number; partial: boolean }
  | { outcome: 'error'; reason: string };

export interface StreamScan {
  /** Sends the next bytes (beyond maxStreamBytes they are left out); resolves once the socket can take more. */
  push(chunk: Buffer): Promise<void>;
  /** Ends the stream and waits for clamd's verdict; never throws (a failure is an `error` verdict). */
  finish(): Promise<ScanVerdict>;
  /** Drops the scan (the assembly failed for another reason). */
  abort(): void;
}

export function parseClamdUrl(url: string): net.NetConnectOpts {
  const u = new URL(url);
  if (u.protocol === 'unix:') {
    if (!u.pathname || u.pathname === '/') throw new Error('a unix: URL needs a socket path');
    return { path: decodeURIComponent(u.pathname) };
  }
  if (u.protocol === 'tcp:') {
    const port = Number(u.port);
    if (!u.hostname || !Number.isInteger(port) || port < 1) throw new Error('a tcp: URL needs host:port');
    return { host: u.hostname.replace(/^\[|\]$/g, ''), port };
  }
  throw new Error('must start with tcp:// or unix://');
}

const TERMINATOR = Buffer.alloc(4);

/** Opens a connection and collects everything clamd says until it closes or sends NUL. */
function connect(opts: ClamdOptions) {
  const socket = net.connect(parseClamdUrl(opts.url));
  socket.setTimeout(opts.timeoutMs);
  let failure: Error | null = null;
  const reply = new Promise<string>((resolve, reject) => {
    const parts: Buffer[] = [];
    const done = () => {
      const text = Buffer.concat(parts).toString('utf8');
      const end = text.indexOf('\0');
      if (end >= 0 || !failure) resolve((end >= 0 ? text.slice(0, end) : text).trim());
      else reject(failure);
    };
    socket.on('data', (d: Buffer) => {
      parts.push(d);
      if (d.includes(0)) socket.end();
    });
    socket.on('timeout', () => {
      failure = new Error(`clamd did not answer within ${opts.timeoutMs} ms`);
      socket.destroy();
    });
    // A write clamd refused (it closed after a size error) still leaves its answer to read.
    socket.on('error', (e) => {
      failure ??= e;
    });
    socket.on('close', done);
  });
  reply.catch(() => {});
  return { socket, reply, failed: () => failure };
}

/** `zPING`: true when clamd answers PONG. */
export async function pingClamd(opts: ClamdOptions): Promise<boolean> {
  const { socket, reply } = connect(opts);
  socket.write('zPING\0');
  try {
    return (await reply) === 'PONG';
  } catch {
    return false;
  }
}

/** Reads clamd's answer to INSTREAM. */
export function verdictOf(answer: string, scannedBytes: number, partial: boolean): ScanVerdict {
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { outcome: 'infected', signature: found[1]!, scannedBytes, partial };
  if (answer === 'stream: OK') return { outcome: 'clean', scannedBytes, partial };
  return { outcome: 'error', reason: answer || 'clamd closed the connection without an answer' };
}

/** Starts an INSTREAM scan; feed it with push, then finish. */
export function startStreamScan(opts: ClamdOptions): StreamScan {
  const { socket, reply, failed } = connect(opts);
  socket.write('zINSTREAM\0');
  let sent = 0;
  let partial = false;

  function write(...data: Buffer[]): Promise<void> {
    if (failed() || socket.destroyed) return Promise.resolve();
    socket.cork();
    let ready = true;
    for (const d of data) ready = socket.write(d);
    socket.uncork();
    if (ready) return Promise.resolve();
    return new Promise((resolve) => {
      const go = () => {
        socket.off('drain', go);
        socket.off('close', go);
        resolve();
      };
      socket.on('drain', go);
      socket.on('close', go);
    });
  }

  return {
    async push(chunk) {
      const room = opts.maxStreamBytes - sent;
      if (chunk.length > room) partial = true;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      if (part.length === 0) return;
      const head = Buffer.alloc(4);
      head.writeUInt32BE(part.length);
      sent += part.length;
      await write(head, part);
    },
    async finish() {
      await write(TERMINATOR);
      try {
        return verdictOf(await reply, sent, partial);
      } catch (e) {
        return { outcome: 'error', reason: (e as Error).message };
      }
    },
    abort() {
      socket.destroy();
    },
  };
}
