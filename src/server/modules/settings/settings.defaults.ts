import { DEFAULT_SITE_TITLE, SMTP_DEFAULT_PORT } from '../../../common/constants.js';
import type { Settings } from '../../../common/schemas/settings.js';

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
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

/** Not a user-editable setting: the row whose insertion marks setup as done (unique key = exactly once). */
export const SETUP_COMPLETED_KEY = 'setupCompleted';

/** Not a setting either: the random key that signs short-lived grants. Never leaves the server. */
export const SERVER_SECRET_KEY = 'serverSecret';

/** Not settings: fingerprints of the last successful email and captcha tests (see passedTest). */
export const PASSED_TEST_KEYS = { email: 'passedTest:email', turnstile: 'passedTest:turnstile' } as const;
