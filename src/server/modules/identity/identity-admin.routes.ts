import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateIdentityBodySchema } from '../../../common/schemas/identity.js';
import { auditContextOf } from '../audit/audit-context.js';

/** A list of providers with their certificates is larger than the usual JSON body. */
const BODY_LIMIT = 512 * 1024;

/** Settings → Security, sign-in part: providers (never their secrets) and the SSO switches. */
export const identityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, audit } = app.services;

  app.get('/api/admin/identity', { config: { access: 'admin' } }, () => identity.adminView());

  app.put(
    '/api/admin/identity',
    { config: { access: 'admin' }, bodyLimit: BODY_LIMIT, schema: { body: updateIdentityBodySchema } },
    async (request) => {
      await identity.applyAdminChange(request.body);
      // The names of what changed and the providers' ids, never a value (some are secrets).
      await audit.record(auditContextOf(request), {
        action: 'settings.update',
        target: { type: 'site', id: 'settings' },
        details: {
          fields: Object.keys(request.body).sort(),
          ...(request.body.providers ? { providers: request.body.providers.map((p) => p.id) } : {}),
        },
      });
      return identity.adminView();
    },
  );
};
