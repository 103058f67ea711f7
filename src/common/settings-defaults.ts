import { DEFAULT_SITE_TITLE, SMTP_DEFAULT_PORT } from './constants.js';
import type { Settings } from './schemas/settings.js';

/**
 * What every setting is before an admin changes it. One home for the server (a missing row reads
 * as its default) and the setup wizard (its form starts from these values).
 */
export const DEFAULT_SETTINGS: Settings = {
  maxPasteSize: 'unlimited',
  siteTitle: DEFAULT_SITE_TITLE,
  domain: '',
  faviconUrl: '',
  emailProvider: 'none',
  emailFrom: '',
  emailFromName: '',
  resendApiKey: '',
  sendgridApiKey: '',
  mailgunApiKey: '',
  mailgunDomain: '',
  smtpHost: '',
  smtpPort: SMTP_DEFAULT_PORT,
  smtpUser: '',
  smtpPassword: '',
  smtpSecure: false,
  requireEmailVerification: false,
  enableApiKeys: true,
  enableRbac: true,
  enableTurnstile: false,
  turnstileSiteKey: '',
  turnstileSecretKey: '',
  emailVerificationSubject: '',
  emailVerificationTemplate: '',
  forgotPasswordTemplate: '',
  vipLicenseUrl: '',
  identityProviders: [],
  ssoOnly: false,
  ssoBreakGlassAdmin: '',
  ssoExistingAccountsOnly: false,
  // Off: the spec's behaviour, until an admin turns them on (Admin → Safety).
  reportHideThreshold: 0,
  holdNewAccountDays: 0,
  holdAnonLinksOver: 0,
  holdIdenticalCount: 0,
  enableAccessTokens: false,
  requireSignInToCreate: false,
  requireSignInToRead: false,
  secondFactorRoles: [],
  // Fail closed: an upload the scanner could not check waits for review.
  malwareScanFailOpen: false,
};
