import type { EmailSettings } from '../../../common/schemas/settings.js';
import type { Config } from '../../config.js';
import { prepareMessage, secretForms, stripLineBreaks } from './headers.js';
import { callProvider } from './http.js';
import type { Mailer } from './types.js';

/** SendGrid v3 (https://www.twilio.com/docs/sendgrid/api-reference): POST /v3/mail/send, Bearer key. */
export function createSendgridMailer(settings: EmailSettings, mailConfig: Config['mail']): Mailer {
  const base = {
    provider: 'SendGrid',
    headers: { authorization: `Bearer ${settings.sendgridApiKey}` },
    timeoutMs: mailConfig.timeoutMs,
    secrets: secretForms(settings.sendgridApiKey),
  };
  const fromName = stripLineBreaks(settings.emailFromName);
  const from = { email: stripLineBreaks(settings.emailFrom), ...(fromName ? { name: fromName } : {}) };
  return {
    async send(msg) {
      const m = prepareMessage(msg);
      await callProvider({
        ...base,
        method: 'POST',
        url: `${mailConfig.sendgridUrl}/v3/mail/send`,
        headers: { ...base.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          personalizations: [{ to: [{ email: m.to }] }],
          from,
          subject: m.subject,
          // SendGrid requires text/plain before text/html.
          content: [
            { type: 'text/plain', value: m.text },
            { type: 'text/html', value: m.html },
          ],
        }),
      });
    },
    async testConnection() {
      // Any valid key may read its own scopes, so this checks the key without sending anything.
      await callProvider({ ...base, method: 'GET', url: `${mailConfig.sendgridUrl}/v3/scopes` });
    },
  };
}
