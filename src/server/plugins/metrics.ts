import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { metricsServed } from '../config.js';
import { notFound, unauthorized } from '../errors.js';

/** The route label of a request no route matched: one series, whatever the URL. */
const UNMATCHED = 'unmatched';

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Request durations into the histogram (by route pattern, never the URL), and GET /metrics:
 * on the main port only for `Authorization: Bearer $METRICS_TOKEN`, on a listener of its own at
 * METRICS_HOST:METRICS_PORT when that is set; with neither, the route answers 404 like any unknown path.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { metrics, config } = app.services;
  // Nobody can read them: no timing on the hot path (the counters elsewhere cost next to nothing).
  if (!metricsServed(config)) {
    app.get('/metrics', async () => {
      throw notFound();
    });
    return;
  }

  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', async (request, reply) => {
    const { token } = config.metrics;
    if (!token) throw notFound(); // served on its own port only
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthorized();
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  const { port, host } = config.metrics;
  if (port === undefined) return;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      (err) => {
        app.log.error({ err }, 'metrics could not be collected');
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  // With the main listener: a process that serves no requests has nothing to report.
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    app.log.info({ port, host }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
