import { z } from 'zod';
import { EMAIL_PROVIDERS, MB, PASTE_SIZE_LIMIT_MAX_MB, PASTE_SIZE_LIMIT_MIN_MB } from '../constants.js';

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

export const SETTINGS_MESSAGES = {
  siteTitle: 'Site title must be 1 to 100 characters',
  maxPasteSize: `Paste size limit must be unlimited or ${PASTE_SIZE_LIMIT_MIN_MB} to ${PASTE_SIZE_LIMIT_MAX_MB} MB`,
  faviconUrl: 'Favicon URL must start with https:// or /',
  vipLicenseUrl: 'Purchase URL must start with https://',
  verificationNeedsEmail: 'Email verification needs an email provider: configure one first',
} as const;

const httpsUrl = (message: string) =>
  z
    .string()
    .max(2000)
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), message);

/**
 * PUT /api/settings (admin): the general, size and security settings. Email provider, template and
 * captcha settings are not changed here (unknown keys are refused).
 */
export const updateSettingsBodySchema = z.strictObject({
  siteTitle: z
    .string()
    .trim()
    .min(1, SETTINGS_MESSAGES.siteTitle)
    .max(100, SETTINGS_MESSAGES.siteTitle)
    .optional(),
  faviconUrl: z
    .string()
    .max(2000)
    .refine(
      (v) => v === '' || /^https:\/\/[^\s]+$/.test(v) || /^\/[^/\s][^\s]*$/.test(v),
      SETTINGS_MESSAGES.faviconUrl,
    )
    .optional(),
  /** 'unlimited', or a byte count as text between 1 and 500 MB. */
  maxPasteSize: z
    .string()
    .refine(
      (v) =>
        v === 'unlimited' ||
        (/^[0-9]{1,12}$/.test(v) &&
          Number(v) >= PASTE_SIZE_LIMIT_MIN_MB * MB &&
          Number(v) <= PASTE_SIZE_LIMIT_MAX_MB * MB),
      SETTINGS_MESSAGES.maxPasteSize,
    )
    .optional(),
  vipLicenseUrl: httpsUrl(SETTINGS_MESSAGES.vipLicenseUrl).optional(),
  requireEmailVerification: z.boolean().optional(),
  enableApiKeys: z.boolean().optional(),
  enableRbac: z.boolean().optional(),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

/** Spec §3 Public settings: exactly these fields, nothing secret. */
export const publicSettingsSchema = z.strictObject({
  siteTitle: z.string(),
  faviconUrl: z.string(),
  /** MB as a number, or 'unlimited'. */
  maxPasteSize: z.union([z.number(), z.literal('unlimited')]),
  turnstileSiteKey: z.string(),
  enableTurnstile: z.boolean(),
  requireEmailVerification: z.boolean(),
  enableApiKeys: z.boolean(),
  vipLicenseUrl: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
