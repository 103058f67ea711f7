import { type EmailProvider, SMTP_DEFAULT_PORT, SMTP_SECURE_PORT } from '../../../../common/constants';
import type { SetupBody, TestEmailBody } from '../../../../common/schemas/setup';

export type ProviderChoice = 'none' | EmailProvider;

export interface EmailFormState {
  emailProvider: ProviderChoice;
  emailFrom: string;
  emailFromName: string;
  resendApiKey: string;
  sendgridApiKey: string;
  mailgunApiKey: string;
  mailgunDomain: string;
  smtpHost: string;
  smtpPort: string;
  smtpUser: string;
  smtpPassword: string;
  smtpSecure: boolean;
  testRecipient: string;
}

export interface SetupFormState {
  siteTitle: string;
  domain: string;
  adminUsername: string;
  adminEmail: string;
  adminPassword: string;
  email: EmailFormState;
}

export function initialSetupForm(origin: string): SetupFormState {
  return {
    siteTitle: '',
    domain: origin,
    adminUsername: '',
    adminEmail: '',
    adminPassword: '',
    email: {
      emailProvider: 'none',
      emailFrom: '',
      emailFromName: '',
      resendApiKey: '',
      sendgridApiKey: '',
      mailgunApiKey: '',
      mailgunDomain: '',
      smtpHost: '',
      smtpPort: String(SMTP_DEFAULT_PORT),
      smtpUser: '',
      smtpPassword: '',
      smtpSecure: false,
      testRecipient: '',
    },
  };
}

/** The TLS switch moves the port between 587 and 465 unless the admin typed another one. */
export function portForSecure(current: string, secure: boolean): string {
  const standard = [String(SMTP_DEFAULT_PORT), String(SMTP_SECURE_PORT), ''];
  if (!standard.includes(current.trim())) return current;
  return String(secure ? SMTP_SECURE_PORT : SMTP_DEFAULT_PORT);
}

/** Only the fields of the chosen provider are sent. */
function providerFields(email: EmailFormState) {
  switch (email.emailProvider) {
    case 'resend':
      return { resendApiKey: email.resendApiKey.trim() };
    case 'sendgrid':
      return { sendgridApiKey: email.sendgridApiKey.trim() };
    case 'mailgun':
      return { mailgunApiKey: email.mailgunApiKey.trim(), mailgunDomain: email.mailgunDomain.trim() };
    case 'smtp':
      return {
        smtpHost: email.smtpHost.trim(),
        smtpPort: Number(email.smtpPort) || SMTP_DEFAULT_PORT,
        smtpUser: email.smtpUser.trim(),
        smtpPassword: email.smtpPassword,
        smtpSecure: email.smtpSecure,
      };
    default:
      return {};
  }
}

export function testEmailBody(email: EmailFormState & { emailProvider: EmailProvider }): TestEmailBody {
  return {
    emailProvider: email.emailProvider,
    emailFrom: email.emailFrom.trim(),
    emailFromName: email.emailFromName.trim(),
    ...providerFields(email),
    ...(email.testRecipient.trim() ? { testRecipient: email.testRecipient.trim() } : {}),
  };
}

export function setupBody(form: SetupFormState): SetupBody {
  const { email } = form;
  const base = {
    siteTitle: form.siteTitle.trim(),
    domain: form.domain.trim(),
    adminUsername: form.adminUsername.trim(),
    adminPassword: form.adminPassword,
    adminEmail: form.adminEmail.trim(),
  };
  if (email.emailProvider === 'none') return { ...base, emailProvider: 'none' };
  return {
    ...base,
    emailProvider: email.emailProvider,
    emailFrom: email.emailFrom.trim(),
    emailFromName: email.emailFromName.trim(),
    ...providerFields(email),
  };
}
