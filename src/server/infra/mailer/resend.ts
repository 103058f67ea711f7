import type { EmailSettings } from '../../../common/schemas/settings.js';
import type { Config } from '../../config.js';
import { formatFromHeader, prepareMessage, secretForms } from './headers.js';
import { callProvider } from './http.js';
import type { Mailer } from './types.js';

/** Resend (https://resend.com/docs/api-reference): POST /emails with a Bearer key. */
export function createResendMailer(settings: EmailSettings, mailConfig: Config['mail']): Mailer {
  const base = {
    provider: 'Resend',
    headers: { authorization: `Bearer ${settings.resendApiKey}` },
    timeoutMs: mailConfig.timeoutMs,
    secrets: secretForms(settings.resendApiKey),
  };
  return {
    async send(msg) {
      const m = prepareMessage(msg);
      await callProvider({
        ...base,
        method: 'POST',
        url: `${mailConfig.resendUrl}/emails`,
        headers: { ...base.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          from: formatFromHeader(settings.emailFrom, settings.emailFromName),
          to: [m.to],
          subject: m.subject,
          html: m.html,
          text: m.text,
        }),
      });
    },
    async testConnection() {
      await callProvider({
        ...base,
        method: 'GET',
        url: `${mailConfig.resendUrl}/domains`,
        // A "sending access" key may not list domains; Resend answering that means the key is valid.
        accept: (status, body) =>
          status === 401 && (body as { name?: unknown } | undefined)?.name === 'restricted_api_key',
      });
    },
  };
}
