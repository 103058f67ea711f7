import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How much of a refused body is read and thrown away, at most, before the answer goes out. */
export const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;
/** …and for how long: a client that stalls gets its answer (and the connection closed) anyway. */
export const REFUSED_BODY_DRAIN_MS = 10_000;

/**
 * A request answered before its body was read (too large, unauthorized, malformed) would have its
 * connection closed with bytes still arriving: the kernel then resets it, and a proxy that streams
 * bodies (nginx with `proxy_request_buffering off`) turns that reset into a 502 for its client
 * instead of our 4xx. So the rest of the body is read and discarded first, within a bound in bytes
 * and time; past the bound the connection is closed as before.
 */
export const refusedBodyDrainPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, _reply, payload, done) => {
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || raw.destroyed) return done(null, payload);
    drain(raw).then(() => done(null, payload));
  });
});

function drain(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > REFUSED_BODY_DRAIN_BYTES) finish();
    };
    const timer = setTimeout(finish, REFUSED_BODY_DRAIN_MS);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    // A parser that gave up may still be piped and paused: a multipart parser whose file part the
    // handler stopped reading holds the request back (backpressure), so its pipe is cut first.
    raw.unpipe();
    raw.resume();
  });
}
