import type { EmailSettings } from '../../../common/schemas/settings.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { isPlainAddress } from './headers.js';
import { createMailgunMailer } from './mailgun.js';
import { createResendMailer } from './resend.js';
import { createSendgridMailer } from './sendgrid.js';
import { createSmtpMailer, type SmtpTlsOverride } from './smtp.js';
import type { Mailer } from './types.js';

export type { Mailer, MailMessage } from './types.js';

export interface MailerOptions {
  /** Tests only: accept the loopback SMTP sink's self-signed certificate. */
  smtpTls?: SmtpTlsOverride;
  /** Tests only: the loopback SMTP sink listens on a random port, so setup's port rule is lifted. */
  smtpAnyPort?: boolean;
}

type Field = keyof EmailSettings;
const LABELS: Partial<Record<Field, string>> = {
  emailFrom: 'from email',
  resendApiKey: 'Resend API key',
  sendgridApiKey: 'SendGrid API key',
  mailgunApiKey: 'Mailgun API key',
  mailgunDomain: 'Mailgun domain',
  smtpHost: 'SMTP host',
  smtpPassword: 'SMTP password',
};
const REQUIRED: Record<Exclude<EmailSettings['emailProvider'], 'none'>, Field[]> = {
  resend: ['emailFrom', 'resendApiKey'],
  sendgrid: ['emailFrom', 'sendgridApiKey'],
  mailgun: ['emailFrom', 'mailgunApiKey', 'mailgunDomain'],
  smtp: ['emailFrom', 'smtpHost'],
};
// Keys and names end up in HTTP headers or URLs, where whitespace is never part of them.
const TOKEN = /^[^\s\p{Cc}]+$/u;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

const invalid = (message: string) => new AppError('VALIDATION', message);

/**
 * Builds the mailer for the stored email settings. Throws VALIDATION with a message for the admin
 * when the provider is 'none' or a field it needs is missing or malformed.
 */
export function createMailer(
  settings: EmailSettings,
  mailConfig: Config['mail'],
  options: MailerOptions = {},
): Mailer {
  const s = normalize(settings);
  if (s.emailProvider === 'none') throw invalid('Email is not configured: choose an email provider first');
  const needed = [...REQUIRED[s.emailProvider]];
  if (s.emailProvider === 'smtp' && s.smtpUser) needed.push('smtpPassword');
  const missing = needed.filter((f) => !s[f]).map((f) => LABELS[f] ?? f);
  if (missing.length) throw invalid(`Email settings are incomplete: ${missing.join(', ')} required`);
  if (!isPlainAddress(s.emailFrom)) throw invalid('The from email is not a valid email address');

  switch (s.emailProvider) {
    case 'resend':
      checkToken(s.resendApiKey, 'Resend API key');
      return createResendMailer(s, mailConfig);
    case 'sendgrid':
      checkToken(s.sendgridApiKey, 'SendGrid API key');
      return createSendgridMailer(s, mailConfig);
    case 'mailgun':
      checkToken(s.mailgunApiKey, 'Mailgun API key');
      if (!DOMAIN.test(s.mailgunDomain)) throw invalid('The Mailgun domain must look like mg.example.com');
      return createMailgunMailer(s, mailConfig);
    case 'smtp':
      checkToken(s.smtpHost, 'SMTP host');
      if (s.smtpHost.includes('/')) throw invalid('The SMTP host is a host name, not a URL');
      if (!Number.isInteger(s.smtpPort) || s.smtpPort < 0 || s.smtpPort > 65535) {
        throw invalid('The SMTP port must be between 1 and 65535');
      }
      return createSmtpMailer(s, mailConfig, options.smtpTls);
  }
}

/** Pasted values often carry stray spaces; passwords are the exception, spaces can be part of them. */
function normalize(settings: EmailSettings): EmailSettings {
  const trimmed = { ...settings };
  for (const key of Object.keys(trimmed) as Field[]) {
    const value = trimmed[key];
    if (typeof value === 'string' && key !== 'smtpPassword')
      (trimmed as Record<Field, unknown>)[key] = value.trim();
  }
  return trimmed;
}

function checkToken(value: string, label: string): void {
  if (!TOKEN.test(value)) throw invalid(`The ${label} contains spaces or invalid characters`);
}
