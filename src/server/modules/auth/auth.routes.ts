import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECOND_FACTOR_MESSAGES } from '../../../common/messages.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';
import { loginBodySchema, registerBodySchema } from '../../../common/schemas/auth.js';
import { secondFactorCodeBodySchema } from '../../../common/schemas/second-factor.js';
import { unauthorized } from '../../errors.js';
import { endSession } from '../../plugins/session.js';
import { mailContext } from '../mail/mail.service.js';
import { presentUser } from '../users/users.presenter.js';
import { readSecondFactorCookie } from './second-factor-cookie.js';
import { completeSecondFactorSignIn, secondFactorAnswer, signedInAnswer, signIn } from './sign-in.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;

  app.post(
    '/api/register',
    { config: { access: 'public', openToVisitors: true }, schema: { body: registerBodySchema } },
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
    { config: { access: 'public', openToVisitors: true }, schema: { body: loginBodySchema } },
    async (request, reply) => {
      const user = await auth.login(request.body, request.ip);
      const outcome = await signIn(request, reply, user, { method: 'password' });
      if (outcome.kind === 'second-factor') return secondFactorAnswer(outcome);
      return signedInAnswer(request, user);
    },
  );

  // The second step of a sign-in whose account has a second factor: the code starts the session.
  app.post(
    '/api/auth/second-factor',
    { config: { access: 'public', openToVisitors: true }, schema: { body: secondFactorCodeBodySchema } },
    async (request, reply) => {
      const { userId, first } = await app.services.secondFactor.completeChallenge(
        readSecondFactorCookie(request),
        request.body.code,
        request.ip,
      );
      const user = await app.services.users.findById(userId);
      if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.noChallenge);
      await completeSecondFactorSignIn(request, reply, user, first);
      return presentUser(user);
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: 'public', notAWrite: true, openToVisitors: true, duringEnrolment: true },
      schema: { body: z.unknown() },
    },
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
  app.get(
    '/api/user',
    {
      config: {
        access: 'public',
        openToVisitors: true,
        apiKey: true,
        tokenScope: 'account:read',
        duringEnrolment: true,
      },
    },
    (request) => {
      if (!request.user) throw unauthorized('Not logged in');
      const user = presentUser(request.user);
      return request.secondFactorEnrolmentRequired ? { ...user, secondFactorEnrolmentRequired: true } : user;
    },
  );
};
