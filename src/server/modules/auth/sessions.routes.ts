import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_MESSAGES, sessionIdParamsSchema } from '../../../common/schemas/sessions.js';
import { notFound } from '../../errors.js';
import { endSession } from '../../plugins/session.js';

/**
 * Account → Sessions: the signed-in devices of the account, and signing one or all the others
 * out. Sessions only (an API key is no device); each is named by an opaque id, never its token
 * or stored hash.
 */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app.services;
  const signedIn = { access: 'signed-in' } as const;

  app.get('/api/account/sessions', { config: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { sessions: await sessions.list(request.user!.id, request.sessionIdHash) };
  });

  app.delete(
    '/api/account/sessions/:id',
    { config: signedIn, schema: { params: sessionIdParamsSchema } },
    async (request, reply) => {
      const idHash = await sessions.findByPublicId(request.user!.id, request.params.id);
      if (!idHash) throw notFound(SESSION_MESSAGES.notFound);
      // Signing this very device out is signing out: its cookie goes too.
      if (idHash === request.sessionIdHash) await endSession(request, reply);
      else await sessions.end(idHash);
      return { ended: 1 };
    },
  );

  app.post(
    '/api/account/sessions/sign-out-others',
    { config: signedIn, schema: { body: z.unknown() } },
    async (request) => {
      // An API key has no session of its own to keep: it may not sign the person out everywhere.
      if (!request.sessionIdHash) throw notFound(SESSION_MESSAGES.notFound);
      const ended = await sessions.endAllForUser(request.user!.id, { keepIdHash: request.sessionIdHash });
      return { ended };
    },
  );
};
