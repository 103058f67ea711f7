import type { EmailSettings } from '../../../common/schemas/settings.js';
import type { Config } from '../../config.js';
import { formatFromHeader, prepareMessage, secretForms } from './headers.js';
import { callProvider } from './http.js';
import type { Mailer } from './types.js';

/** Mailgun (https://documentation.mailgun.com): form posts to /v3/{domain}/messages, Basic api:KEY. */
export function createMailgunMailer(settings: EmailSettings, mailConfig: Config['mail']): Mailer {
  const credentials = `api:${settings.mailgunApiKey}`;
  const base = {
    provider: 'Mailgun',
    headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
    timeoutMs: mailConfig.timeoutMs,
    secrets: secretForms(settings.mailgunApiKey, credentials),
  };
  const domain = encodeURIComponent(settings.mailgunDomain);
  return {
    async send(msg) {
      const m = prepareMessage(msg);
      await callProvider({
        ...base,
        method: 'POST',
        url: `${mailConfig.mailgunUrl}/v3/${domain}/messages`,
        body: new URLSearchParams({
          from: formatFromHeader(settings.emailFrom, settings.emailFromName),
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        }),
      });
    },
    async testConnection() {
      await callProvider({ ...base, method: 'GET', url: `${mailConfig.mailgunUrl}/v3/domains/${domain}` });
    },
  };
}
