import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_TEMPLATE_KINDS } from '../../../common/schemas/account.js';
import { renderForgotPasswordEmail, renderVerificationEmail } from './mail.templates.js';

const SAMPLE = { username: 'johndoe', email: 'john.doe@example.com' };

/**
 * Previews of the two account mails as they are configured now, filled with sample values for
 * /email-verification-preview and /forgot-password-email-preview. Public: templates hold no
 * secrets, and the sample links carry no usable token.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings, mail } = app.services;

  app.get(
    '/api/email-templates/preview',
    {
      config: { access: 'public' },
      schema: { querystring: z.object({ template: z.enum(EMAIL_TEMPLATE_KINDS) }) },
    },
    async (request) => {
      const s = await settings.get();
      // A preview for whoever asks; before an origin is configured it shows their own.
      const origin = (await mail.siteOrigin()) ?? `${request.protocol}://${request.host}`;
      if (request.query.template === 'verification') {
        return renderVerificationEmail(s, { ...SAMPLE, link: `${origin}/api/verify-email/sample-token` });
      }
      return renderForgotPasswordEmail(s, { ...SAMPLE, link: `${origin}/reset-password?token=sample-token` });
    },
  );
};
