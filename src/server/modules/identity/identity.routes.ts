import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directoryCredentialsSchema, safeReturnPath } from '../../../common/schemas/identity.js';
import { secondFactorAnswer, signedInAnswer, signIn } from '../auth/sign-in.js';
import { SignInProblem } from './external-identity.js';
import { setFlowCookie, takeFlowCookie } from './flow-cookie.js';

export const providerParams = z.object({ id: z.string().max(40) });

/** Back to a page of ours that says why (the login page, or the account page of a signed-in person). */
export function problemRedirect(
  request: FastifyRequest,
  reply: FastifyReply,
  problem: SignInProblem,
  id: string,
) {
  // Why, for the operator; never in the answer.
  request.log.warn(
    { err: problem.cause, provider: id, code: problem.code },
    'sign-in through a provider failed',
  );
  const page = request.user ? '/account' : '/auth';
  const query = new URLSearchParams({
    ...(request.user ? {} : { tab: 'login' }),
    signInError: problem.code,
    provider: id,
  });
  return reply.redirect(`${page}?${query}`);
}

/** Sign-in through providers: the public list, the redirect flows, and directory sign-in. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity } = app.services;

  app.get('/api/auth/providers', { config: { access: 'public', openToVisitors: true } }, () =>
    identity.publicProviders(),
  );

  app.get(
    '/api/auth/oidc/:id/start',
    {
      config: { access: 'public', openToVisitors: true },
      schema: {
        params: providerParams,
        querystring: z.object({ returnTo: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      try {
        const { url, flowToken } = await identity.beginRedirect(id, {
          returnTo: safeReturnPath(request.query.returnTo),
          linkUserId: null,
          ip: request.ip,
        });
        setFlowCookie(request, reply, flowToken);
        return reply.redirect(url);
      } catch (e) {
        if (e instanceof SignInProblem) return problemRedirect(request, reply, e, id);
        throw e;
      }
    },
  );

  // The query (code, state, iss or error) is read by openid-client from the URL as it came.
  app.get(
    '/api/auth/oidc/:id/callback',
    { config: { access: 'public', openToVisitors: true }, schema: { params: providerParams } },
    async (request, reply) => {
      const { id } = request.params;
      const flowToken = takeFlowCookie(request, reply);
      const q = request.url.indexOf('?');
      try {
        const outcome = await identity.completeRedirect(id, flowToken, q === -1 ? '' : request.url.slice(q), {
          ip: request.ip,
          requestId: String(request.id),
          log: request.log,
          userId: request.user?.id ?? null,
        });
        if (outcome.kind === 'linked')
          return reply.redirect(`/account?${new URLSearchParams({ linked: id })}`);
        const signedIn = await signIn(request, reply, outcome.user, {
          method: outcome.provider.kind,
          provider: id,
        });
        // The login page asks for the code, then goes home.
        if (signedIn.kind === 'second-factor') return reply.redirect('/auth?tab=login&secondFactor=required');
        return reply.redirect(outcome.returnTo);
      } catch (e) {
        if (e instanceof SignInProblem) return problemRedirect(request, reply, e, id);
        throw e;
      }
    },
  );

  app.post(
    '/api/auth/ldap/:id/login',
    {
      config: { access: 'public', openToVisitors: true },
      schema: { params: providerParams, body: directoryCredentialsSchema },
    },
    async (request, reply) => {
      const { user, provider } = await identity.directorySignIn(request.params.id, request.body, {
        ip: request.ip,
        requestId: String(request.id),
        log: request.log,
      });
      const outcome = await signIn(request, reply, user, { method: 'ldap', provider: provider.id });
      if (outcome.kind === 'second-factor') return secondFactorAnswer(outcome);
      return signedInAnswer(request, user);
    },
  );
};
