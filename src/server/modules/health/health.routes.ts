import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/kysely.js';
import { AppError } from '../../errors.js';

const retryLater = (message: string) => new AppError('UNAVAILABLE', message, { 'Retry-After': '5' });

/** Liveness (the process answers) and readiness (not shutting down; its database and blob store answer). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, blobs } = app.services;
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (request) => {
    // Shutting down: the balancer sends new requests elsewhere while this one finishes its own.
    if (app.draining) throw retryLater('Shutting down');
    const [database, blobStore] = await Promise.allSettled([pingDatabase(db), blobs.ping()]);
    if (database.status === 'fulfilled' && blobStore.status === 'fulfilled') {
      return { ok: true, database: db.dialect };
    }
    const down = [
      database.status === 'rejected' ? 'Database' : null,
      blobStore.status === 'rejected' ? 'Blob store' : null,
    ].filter(Boolean);
    request.log.warn({ down }, 'not ready');
    throw retryLater(`${down.join(' and ')} unreachable`);
  });
};
