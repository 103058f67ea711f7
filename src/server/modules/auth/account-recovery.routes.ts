import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  forgotPasswordBodySchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  revealApiKeyBodySchema,
} from '../../../common/schemas/account.js';
import { mailContext } from '../mail/mail.service.js';
import { VerificationLinkError } from './email-verification.service.js';

const RESULT_PAGE = '/verify-email-success';

/**
 * Email verification, the one-time API-key reveal and password reset: the routes a visitor uses
 * without being signed in. Rate limits and the no-enumeration rules live in the services.
 */
export const accountRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { emailVerification, passwordReset } = app.services;
  const noStore = { 'Cache-Control': 'no-store' };

  // The link from the mail. A browser follows it, so every outcome is a redirect to the page.
  // No automatic HEAD route: link scanners probe with HEAD, which must not use the token up.
  app.get(
    '/api/verify-email/:token',
    {
      config: { access: 'public', openToVisitors: true },
      exposeHeadRoute: false,
      schema: { params: z.object({ token: z.string() }) },
    },
    async (request, reply) => {
      reply.headers(noStore);
      try {
        const outcome = await emailVerification.verify(request.params.token);
        const query =
          outcome.kind === 'email-changed'
            ? 'status=email-changed'
            : outcome.revealCode
              ? `code=${encodeURIComponent(outcome.revealCode)}`
              : 'status=verified';
        return reply.redirect(`${RESULT_PAGE}?${query}`, 302);
      } catch (e) {
        if (!(e instanceof VerificationLinkError)) throw e;
        return reply.redirect(`${RESULT_PAGE}?error=${encodeURIComponent(e.message)}`, 302);
      }
    },
  );

  app.post(
    '/api/auth/reveal-api-key',
    { config: { access: 'public', openToVisitors: true }, schema: { body: revealApiKeyBodySchema } },
    async (request, reply) => {
      reply.headers(noStore);
      return emailVerification.revealApiKey(request.body.code, request.ip);
    },
  );

  app.post(
    '/api/auth/resend-verification',
    { config: { access: 'public', openToVisitors: true }, schema: { body: resendVerificationBodySchema } },
    async (request) => {
      await emailVerification.resend(request.body, request.ip, mailContext(request));
      return { message: ACCOUNT_MESSAGES.verificationResent };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { config: { access: 'public', openToVisitors: true }, schema: { body: forgotPasswordBodySchema } },
    async (request) => passwordReset.forgot(request.body.email, request.ip, mailContext(request)),
  );

  app.post(
    '/api/auth/reset-password',
    { config: { access: 'public', openToVisitors: true }, schema: { body: resetPasswordBodySchema } },
    async (request) => passwordReset.reset(request.body, request.ip),
  );
};
