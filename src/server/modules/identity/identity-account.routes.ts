import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  directoryLinkBodySchema,
  linkBodySchema,
  signInErrorMessage,
} from '../../../common/schemas/identity.js';
import { AppError } from '../../errors.js';
import { SignInProblem } from './external-identity.js';
import { setFlowCookie } from './flow-cookie.js';
import { providerParams } from './identity.routes.js';

/**
 * The account page's side: which providers this account is linked to, and linking one more (a
 * new way into the account: it needs a fresh second-factor check where the account has one).
 */
export const identityAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity } = app.services;

  app.get('/api/user/identities', { config: { access: 'signed-in' } }, async (request) => ({
    identities: await identity.identitiesOf(request.user!.id),
  }));

  /** Starts a link as a redirect: the page sends the browser to `redirectUrl`. */
  app.post(
    '/api/auth/oidc/:id/link',
    {
      config: { access: 'signed-in', freshSecondFactor: true },
      schema: { params: providerParams, body: linkBodySchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      try {
        const { url, flowToken } = await identity.beginRedirect(id, {
          returnTo: '/account',
          linkUserId: request.user!.id,
          ip: request.ip,
        });
        setFlowCookie(request, reply, flowToken);
        return { redirectUrl: url };
      } catch (e) {
        if (!(e instanceof SignInProblem)) throw e;
        request.log.warn({ err: e.cause, provider: id }, 'link could not start');
        throw new AppError('UNAVAILABLE', signInErrorMessage(e.code, await identity.nameOf(id)));
      }
    },
  );

  app.post(
    '/api/auth/ldap/:id/link',
    {
      config: { access: 'signed-in', freshSecondFactor: true },
      schema: { params: providerParams, body: directoryLinkBodySchema },
    },
    async (request) => {
      await identity.directoryLink(request.params.id, request.body, {
        userId: request.user!.id,
        ip: request.ip,
        log: request.log,
      });
      return { identities: await identity.identitiesOf(request.user!.id) };
    },
  );

  /** Removes a way into the account: a fresh second-factor check like linking one. */
  app.post(
    '/api/user/identities/:id/unlink',
    {
      config: { access: 'signed-in', freshSecondFactor: true },
      schema: { params: providerParams, body: linkBodySchema },
    },
    async (request) => {
      await identity.unlink(request.user!.id, request.params.id);
      return { identities: await identity.identitiesOf(request.user!.id) };
    },
  );
};
