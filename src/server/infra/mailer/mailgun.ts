import type { EmailSettings } from '../../../common/schemas/settings.js';
import type { Config } from '../../config.js';
import { formatFromHeader } from './headers.js';
import { httpMailer } from './http.js';
import type { Mailer } from './types.js';

/** Mailgun (https://documentation.mailgun.com): form posts to /v3/{domain}/messages, Basic api:KEY. */
export function createMailgunMailer(settings: EmailSettings, mailConfig: Config['mail']): Mailer {
  const credentials = `api:${settings.mailgunApiKey}`;
  const domain = encodeURIComponent(settings.mailgunDomain);
  return httpMailer({
    provider: 'Mailgun',
    authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
    timeoutMs: mailConfig.timeoutMs,
    secrets: [settings.mailgunApiKey, credentials],
    send: (m) => ({
      url: `${mailConfig.mailgunUrl}/v3/${domain}/messages`,
      form: new URLSearchParams({
        from: formatFromHeader(settings.emailFrom, settings.emailFromName),
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      }),
    }),
    test: { url: `${mailConfig.mailgunUrl}/v3/domains/${domain}` },
  });
}
