import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSKEY_MESSAGES, SECOND_FACTOR_MESSAGES } from '../../../common/messages.js';
import { passkeyAssertionBodySchema } from '../../../common/schemas/passkeys.js';
import { unauthorized } from '../../errors.js';
import { readSecondFactorCookie } from '../auth/second-factor-cookie.js';
import { completeSecondFactorSignIn, signedInAnswer, signInWithPasskey } from '../auth/sign-in.js';
import { presentUser } from '../users/users.presenter.js';

/**
 * Signing in with a passkey: alone (a discoverable credential the browser offers; the passkey is
 * both factors), or as the second factor after a password or a provider (the sign-in waiting in
 * the second-factor cookie). Each ceremony asks for options first; the answer must sign them.
 */
export const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passkeys, secondFactor, users } = app.services;
  const open = { access: 'public', openToVisitors: true } as const;

  app.post('/api/auth/passkeys/sign-in-options', { config: open, schema: { body: z.unknown() } }, (request) =>
    passkeys.authenticationOptions('sign-in', null, request.ip),
  );

  app.post(
    '/api/auth/passkeys/sign-in',
    { config: open, schema: { body: passkeyAssertionBodySchema } },
    async (request, reply) => {
      const userId = await passkeys.verifyAssertion(request.body.response, 'sign-in', null, request.ip);
      const user = await users.findById(userId);
      if (!user) throw unauthorized(PASSKEY_MESSAGES.unknown);
      await signInWithPasskey(request, reply, user);
      return signedInAnswer(request, user);
    },
  );

  app.post(
    '/api/auth/passkeys/second-factor-options',
    { config: open, schema: { body: z.unknown() } },
    async (request) => {
      const userId = await secondFactor.challengeUser(readSecondFactorCookie(request));
      return passkeys.authenticationOptions('second-factor', userId, request.ip);
    },
  );

  app.post(
    '/api/auth/passkeys/second-factor',
    { config: open, schema: { body: passkeyAssertionBodySchema } },
    async (request, reply) => {
      const { userId, first } = await secondFactor.completeChallengeWith(
        readSecondFactorCookie(request),
        (id) => passkeys.verifyAssertion(request.body.response, 'second-factor', id, request.ip),
      );
      const user = await users.findById(userId);
      if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.noChallenge);
      await completeSecondFactorSignIn(request, reply, user, first);
      return presentUser(user);
    },
  );
};
