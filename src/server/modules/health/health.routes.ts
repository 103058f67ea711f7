import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

/** Liveness (the process answers) and readiness (its database answers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.services.db.kysely);
      return { ok: true, database: app.services.db.dialect };
    } catch {
      return reply.code(503).send({ error: 'UNAVAILABLE', message: 'Database unreachable' });
    }
  });
};
