import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../common/constants.js';
import { SETUP_MESSAGES } from '../../common/messages.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { ACCESS_ROLES, type Access } from './types.js';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
  allowBeforeSetup: boolean;
}

/**
 * Authorization for every route, from the `access` each route declares in its config, and the
 * first-run gate: until setup is complete only routes marked allowBeforeSetup answer.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { table: RouteAccess[] }) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api')) continue;
      opts.table.push({
        method,
        url: route.url,
        access: route.config?.access,
        allowBeforeSetup: route.config?.allowBeforeSetup === true,
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/api') || config?.allowBeforeSetup) return;
    if (!(await app.services.settings.isSetupCompleted())) {
      throw new AppError('SETUP_REQUIRED', SETUP_MESSAGES.required);
    }
  });

  // Before body validation: a caller without the right gets 401/403, not a hint about the body.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api')) return;
    const access = request.routeOptions.config?.access;
    if (access === undefined) throw new Error(`Route ${request.routeOptions.url} declares no access`);
    if (access === 'public') return;
    if (access === 'setup' && !(await app.services.settings.isSetupCompleted())) return;
    if (!request.user) throw unauthorized();
    if (access === 'signed-in') return;
    if (!(ACCESS_ROLES[access] as readonly Role[]).includes(request.user.role as Role)) throw forbidden();
  });
});
