import { z } from 'zod';
import { EMAIL_PROVIDERS } from '../constants.js';

const text = (max = 500) => z.string().max(max);

/** Email provider settings as the admin and the setup wizard send them. */
export const emailSettingsSchema = z.object({
  emailProvider: z.enum(['none', ...EMAIL_PROVIDERS]),
  emailFrom: text(320),
  emailFromName: text(200),
  resendApiKey: text(),
  sendgridApiKey: text(),
  mailgunApiKey: text(),
  mailgunDomain: text(300),
  smtpHost: text(300),
  smtpPort: z.number().int().min(1).max(65535),
  smtpUser: text(),
  smtpPassword: text(),
  smtpSecure: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** Every stored setting with its type (spec §3 Settings); GET /api/settings answers it to admins. */
export const settingsSchema = emailSettingsSchema
  .extend({
    /** Byte count as text, or 'unlimited'. */
    maxPasteSize: z.string(),
    siteTitle: z.string(),
    domain: z.string(),
    faviconUrl: z.string(),
    requireEmailVerification: z.boolean(),
    enableApiKeys: z.boolean(),
    enableRbac: z.boolean(),
    enableTurnstile: z.boolean(),
    turnstileSiteKey: z.string(),
    turnstileSecretKey: z.string(),
    emailVerificationSubject: z.string(),
    emailVerificationTemplate: z.string(),
    forgotPasswordTemplate: z.string(),
    vipLicenseUrl: z.string(),
  })
  .strict();
export type Settings = z.infer<typeof settingsSchema>;

export type { PublicSettings } from './responses.js';
