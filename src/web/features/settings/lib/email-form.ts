import { type EmailProvider, SMTP_DEFAULT_PORT, SMTP_SECURE_PORT } from '../../../../common/constants';
import type { Settings } from '../../../../common/schemas/settings';

export type ProviderChoice = 'none' | EmailProvider;

/** The email part of a settings form, as typed (the port is text until it is sent). */
export type EmailFields = Pick<
  Settings,
  | 'emailFrom'
  | 'emailFromName'
  | 'resendApiKey'
  | 'sendgridApiKey'
  | 'mailgunApiKey'
  | 'mailgunDomain'
  | 'smtpHost'
  | 'smtpUser'
  | 'smtpPassword'
  | 'smtpSecure'
> & { emailProvider: ProviderChoice; smtpPort: string };

export function emailFieldsOf(s: Pick<Settings, keyof EmailFields>): EmailFields {
  return {
    emailProvider: s.emailProvider,
    emailFrom: s.emailFrom,
    emailFromName: s.emailFromName,
    resendApiKey: s.resendApiKey,
    sendgridApiKey: s.sendgridApiKey,
    mailgunApiKey: s.mailgunApiKey,
    mailgunDomain: s.mailgunDomain,
    smtpHost: s.smtpHost,
    smtpPort: String(s.smtpPort),
    smtpUser: s.smtpUser,
    smtpPassword: s.smtpPassword,
    smtpSecure: s.smtpSecure,
  };
}

/** The TLS switch moves the port between 587 and 465 unless the admin typed another one. */
export function portForSecure(current: string, secure: boolean): string {
  const standard = [String(SMTP_DEFAULT_PORT), String(SMTP_SECURE_PORT), ''];
  if (!standard.includes(current.trim())) return current;
  return String(secure ? SMTP_SECURE_PORT : SMTP_DEFAULT_PORT);
}

/** Only the chosen provider's fields are sent (the server fingerprints exactly these). */
export function providerFields(f: EmailFields) {
  switch (f.emailProvider) {
    case 'resend':
      return { resendApiKey: f.resendApiKey.trim() };
    case 'sendgrid':
      return { sendgridApiKey: f.sendgridApiKey.trim() };
    case 'mailgun':
      return { mailgunApiKey: f.mailgunApiKey.trim(), mailgunDomain: f.mailgunDomain.trim() };
    case 'smtp':
      return {
        smtpHost: f.smtpHost.trim(),
        smtpPort: Number(f.smtpPort) || SMTP_DEFAULT_PORT,
        smtpUser: f.smtpUser.trim(),
        smtpPassword: f.smtpPassword,
        smtpSecure: f.smtpSecure,
      };
    default:
      return {};
  }
}

/** Provider, sender and the provider's own fields: what a test or a save of them sends. */
export function emailBody<P extends ProviderChoice>(f: EmailFields & { emailProvider: P }) {
  return {
    emailProvider: f.emailProvider,
    emailFrom: f.emailFrom.trim(),
    emailFromName: f.emailFromName.trim(),
    ...providerFields(f),
  };
}
