import type { EmailSettings } from '../../../common/schemas/settings.js';
import type { Config } from '../../config.js';
import { formatFromHeader } from './headers.js';
import { httpMailer } from './http.js';
import type { Mailer } from './types.js';

/** Resend (https://resend.com/docs/api-reference): POST /emails with a Bearer key. */
export function createResendMailer(settings: EmailSettings, mailConfig: Config['mail']): Mailer {
  return httpMailer({
    provider: 'Resend',
    authorization: `Bearer ${settings.resendApiKey}`,
    timeoutMs: mailConfig.timeoutMs,
    secrets: [settings.resendApiKey],
    send: (m) => ({
      url: `${mailConfig.resendUrl}/emails`,
      json: {
        from: formatFromHeader(settings.emailFrom, settings.emailFromName),
        to: [m.to],
        subject: m.subject,
        html: m.html,
        text: m.text,
      },
    }),
    test: {
      url: `${mailConfig.resendUrl}/domains`,
      // A "sending access" key may not list domains; Resend answering that means the key is valid.
      accept: (status, body) =>
        status === 401 && (body as { name?: unknown } | undefined)?.name === 'restricted_api_key',
    },
  });
}
