import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SETUP_MESSAGES } from '../../common/messages.js';
import type { RouteScope } from '../../common/policies.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { ACCESS_POLICY, type Access } from './types.js';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
  allowBeforeSetup: boolean;
  /** Accepts the API key and access tokens; what a token needs here (plugins/api-key.ts). */
  apiKey: boolean;
  tokenScope: RouteScope | undefined;
  /** Answers visitors on a members-only site (plugins/members-only.ts). */
  openToVisitors: boolean;
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
        apiKey: Boolean(route.config?.apiKey),
        tokenScope: route.config?.tokenScope,
        openToVisitors: route.config?.openToVisitors === true,
      });
    }
  });

  const setupRequired = () => new AppError('SETUP_REQUIRED', SETUP_MESSAGES.required);
  // Callback hooks with synchronous fast paths: they run on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const { settings } = app.services;
    // `/api` itself is the web app's API documentation page, which leads to setup like every page.
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.allowBeforeSetup) return done();
    if (settings.isSetupKnownCompleted()) return done();
    settings.isSetupCompleted().then((completed) => done(completed ? undefined : setupRequired()), done);
  });

  // Before body validation: a caller without the right gets 401/403, not a hint about the body.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.routeOptions.url?.startsWith('/api')) return done();
    const access = request.routeOptions.config?.access;
    if (access === undefined) return done(new Error(`Route ${request.routeOptions.url} declares no access`));
    if (access === 'public') return done();
    if (access === 'setup') {
      app.services.settings
        .isSetupCompleted()
        .then((completed) => done(completed ? roleError(request.user, access) : undefined), done);
      return;
    }
    done(roleError(request.user, access, request.routeOptions.config?.signInMessage));
  });
});

/** Why `user` may not use a route of this access level, or undefined when it may. */
function roleError(user: FastifyRequest['user'], access: Exclude<Access, 'public'>, signInMessage?: string) {
  if (!user) return unauthorized(signInMessage);
  if (access === 'signed-in') return undefined;
  return ACCESS_POLICY[access](user.role) ? undefined : forbidden();
}
