import type { EmailProvider } from '../../../../common/constants';
import type { SetupBody, TestEmailBody } from '../../../../common/schemas/setup';
import { DEFAULT_SETTINGS } from '../../../../common/settings-defaults';
import { type EmailFields, emailBody } from '../../settings';

export type EmailFormState = EmailFields & { testRecipient: string };

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
      emailProvider: DEFAULT_SETTINGS.emailProvider,
      emailFrom: DEFAULT_SETTINGS.emailFrom,
      emailFromName: DEFAULT_SETTINGS.emailFromName,
      resendApiKey: DEFAULT_SETTINGS.resendApiKey,
      sendgridApiKey: DEFAULT_SETTINGS.sendgridApiKey,
      mailgunApiKey: DEFAULT_SETTINGS.mailgunApiKey,
      mailgunDomain: DEFAULT_SETTINGS.mailgunDomain,
      smtpHost: DEFAULT_SETTINGS.smtpHost,
      smtpPort: String(DEFAULT_SETTINGS.smtpPort),
      smtpUser: DEFAULT_SETTINGS.smtpUser,
      smtpPassword: DEFAULT_SETTINGS.smtpPassword,
      smtpSecure: DEFAULT_SETTINGS.smtpSecure,
      testRecipient: '',
    },
  };
}

export function testEmailBody(email: EmailFormState & { emailProvider: EmailProvider }): TestEmailBody {
  return {
    ...emailBody(email),
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
  return { ...base, ...emailBody({ ...email, emailProvider: email.emailProvider }) };
}
