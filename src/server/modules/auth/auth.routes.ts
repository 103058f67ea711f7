import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';
import { loginBodySchema, registerBodySchema } from '../../../common/schemas/auth.js';
import { unauthorized } from '../../errors.js';
import { endSession } from '../../plugins/session.js';
import { mailContext } from '../mail/mail.service.js';
import { presentUser } from '../users/users.presenter.js';
import { signIn } from './sign-in.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;

  app.post(
    '/api/register',
    { config: { access: 'public' }, schema: { body: registerBodySchema } },
    async (request, reply) => {
      const result = await auth.register(request.body, request.ip, mailContext(request));
      // 201 even when the mail failed: the account exists, and the flag says to resend later.
      return reply.code(201).send({
        message: !result.requiresVerification
          ? ACCOUNT_MESSAGES.registered
          : result.verificationEmailSent
            ? ACCOUNT_MESSAGES.registeredCheckEmail
            : ACCOUNT_MESSAGES.verificationMailFailed,
        requiresVerification: result.requiresVerification,
        verificationEmailSent: result.verificationEmailSent,
      });
    },
  );

  app.post(
    '/api/login',
    { config: { access: 'public' }, schema: { body: loginBodySchema } },
    async (request, reply) => {
      const user = await auth.login(request.body, request.ip);
      await signIn(request, reply, user, { method: 'password' });
      return presentUser(user);
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { body: z.unknown() } },
    async (request, reply) => {
      // A session that came from a provider also signs out there, where the provider offers it.
      const hash = request.sessionIdHash;
      const provider = hash ? await app.services.sessions.identityProviderOf(hash) : null;
      await endSession(request, reply);
      const endSessionUrl = provider ? await app.services.identity.endSessionUrl(provider) : null;
      return endSessionUrl ? { ok: true as const, endSessionUrl } : { ok: true as const };
    },
  );

  // An API key answers too: a command-line client's `whoami`.
  app.get('/api/user', { config: { access: 'public', apiKey: true } }, async (request) => {
    if (!request.user) throw unauthorized('Not logged in');
    return presentUser(request.user);
  });
};
