import type { EmailSettings } from '../../../common/schemas/settings.js';
import type { Config } from '../../config.js';
import { stripLineBreaks } from './headers.js';
import { httpMailer } from './http.js';
import type { Mailer } from './types.js';

/** SendGrid v3 (https://www.twilio.com/docs/sendgrid/api-reference): POST /v3/mail/send, Bearer key. */
export function createSendgridMailer(settings: EmailSettings, mailConfig: Config['mail']): Mailer {
  const fromName = stripLineBreaks(settings.emailFromName);
  const from = { email: stripLineBreaks(settings.emailFrom), ...(fromName ? { name: fromName } : {}) };
  return httpMailer({
    provider: 'SendGrid',
    authorization: `Bearer ${settings.sendgridApiKey}`,
    timeoutMs: mailConfig.timeoutMs,
    secrets: [settings.sendgridApiKey],
    send: (m) => ({
      url: `${mailConfig.sendgridUrl}/v3/mail/send`,
      json: {
        personalizations: [{ to: [{ email: m.to }] }],
        from,
        subject: m.subject,
        // SendGrid requires text/plain before text/html.
        content: [
          { type: 'text/plain', value: m.text },
          { type: 'text/html', value: m.html },
        ],
      },
    }),
    // Any valid key may read its own scopes, so this checks the key without sending anything.
    test: { url: `${mailConfig.sendgridUrl}/v3/scopes` },
  });
}
