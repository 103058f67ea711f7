import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the first shutdown signal: readiness fails and every answer closes its connection. */
    readonly draining: boolean;
    /** Leave readiness, stop accepting, and wait for the open connections to end (see below). */
    drain(opts: DrainOptions): Promise<DrainOutcome>;
  }
}

export interface DrainOptions {
  /** Time between leaving readiness and closing the listener, for balancers that probe /readyz. */
  delayMs: number;
  /** How long the open connections get to end before the caller closes everything anyway. */
  timeoutMs: number;
}

export type DrainOutcome = { drained: true } | { drained: false; open: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A stop that fails no request behind a proxy that keeps connections alive (nginx's `keepalive`).
 *
 * `http.Server.close()` closes idle keep-alive connections at once, and a proxy may be sending a
 * request on one at that moment: it sees a reset and, for a POST already sent, may not retry it
 * elsewhere (it cannot know whether the paste was created). So the listener is closed on its own —
 * new connections are refused, which a proxy does retry on another instance, POST included — and
 * each open connection is ended by the proxy: the next answer on it says `Connection: close`, and an
 * idle one is dropped by the proxy's own keep-alive timeout (shorter than ours; docs/operations.md).
 * During the delay before that, connections stay kept alive: closing them then would only make the
 * proxy open new ones, and a connection still waiting in the listen queue when the listener closes
 * is reset after the proxy may have sent a POST on it.
 */
export const gracefulShutdownPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  /** Set once the listener is closed; before that, a closed connection would only make the proxy open another. */
  let listenerClosed = false;
  app.decorate('draining', {
    getter: () => draining,
  });

  // A callback hook: an async one costs every request a promise and a microtask.
  app.addHook('onRequest', (_request, reply, done) => {
    if (listenerClosed) reply.raw.shouldKeepAlive = false;
    done();
  });

  app.decorate('drain', async ({ delayMs, timeoutMs }: DrainOptions): Promise<DrainOutcome> => {
    draining = true;
    if (delayMs > 0) await sleep(delayMs);
    // net.Server's close, not http.Server's: stop accepting, keep the open connections. Its
    // callback runs once the last of them has ended.
    return new Promise<DrainOutcome>((resolve) => {
      listenerClosed = true;
      const timer = setTimeout(
        () => app.server.getConnections((_err, open) => resolve({ drained: false, open })),
        timeoutMs,
      );
      net.Server.prototype.close.call(app.server, () => {
        clearTimeout(timer);
        resolve({ drained: true });
      });
    });
  });
});
