import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema } from '../../../common/schemas/audit.js';

/** GET /api/admin/audit: the staff actions, filtered and paged, for admins only. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    { config: { access: 'admin' }, schema: { querystring: auditQuerySchema } },
    async (request) => app.services.audit.list(request.query),
  );
};
