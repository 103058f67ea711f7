import { z } from 'zod';
import {
  EMAIL_PROVIDERS,
  HOLD_SETTING_MAX,
  MB,
  PASTE_SIZE_LIMIT_MAX_MB,
  PASTE_SIZE_LIMIT_MIN_MB,
  ROLES,
} from '../constants.js';
import { identityProviderSettingSchema } from './identity.js';

const text = (max = 500) => z.string().max(max);
/** A count or a number of days for the tools that protect a public site: 0 is off. */
const holdSetting = z.number().int().min(0).max(HOLD_SETTING_MAX);

/**
 * What makes a paste wait for review beyond the content rules (Admin → Safety), each off (0) by
 * default: after this many reports from distinct readers a public paste is hidden until a
 * moderator decides; a public paste with links from an account younger than this many days; an
 * anonymous public paste with more links than this; a public paste whose text this many others
 * sent within the hour from other addresses share.
 */
export const holdSettingsSchema = z.object({
  reportHideThreshold: holdSetting,
  holdNewAccountDays: holdSetting,
  holdAnonLinksOver: holdSetting,
  holdIdenticalCount: holdSetting,
});
export type HoldSettings = z.infer<typeof holdSettingsSchema>;

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
    /** Sign-in providers the admin added (identity module; secrets never leave the server). */
    identityProviders: z.array(identityProviderSettingSchema),
    ssoOnly: z.boolean(),
    ssoBreakGlassAdmin: z.string(),
    ssoExistingAccountsOnly: z.boolean(),
    ...holdSettingsSchema.shape,
    /** Personal access tokens with scopes, beside the one API key (off by default). */
    enableAccessTokens: z.boolean(),
    /** A members-only site: visitors may not create pastes (off: the spec's open site). */
    requireSignInToCreate: z.boolean(),
    /** A members-only site: visitors see nothing but the sign-in pages (implies the above). */
    requireSignInToRead: z.boolean(),
    /** Roles whose accounts must have a second factor (they enrol before anything else); none by default. */
    secondFactorRoles: z.array(z.enum(ROLES)),
    /**
     * When the malware scanner cannot give a verdict: false (the default) holds the upload for
     * review; true lets it through, logged and counted.
     */
    malwareScanFailOpen: z.boolean(),
  })
  .strict();
export type Settings = z.infer<typeof settingsSchema>;

/**
 * GET and PUT /api/settings answer every setting but the sign-in providers, whose secrets are
 * shown to nobody (GET /api/admin/identity shows them without).
 */
export const adminSettingsSchema = settingsSchema.omit({ identityProviders: true }).extend({
  /** Not a setting: whether this server has a malware scanner (CLAMAV_URL), which malwareScanFailOpen governs. */
  malwareScanner: z.boolean().optional(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const SETTINGS_MESSAGES = {
  siteTitle: 'Site title must be 1 to 100 characters',
  maxPasteSize: `Paste size limit must be unlimited or ${PASTE_SIZE_LIMIT_MIN_MB} to ${PASTE_SIZE_LIMIT_MAX_MB} MB`,
  faviconUrl: 'Favicon URL must start with https:// or /',
  vipLicenseUrl: 'Purchase URL must start with https://',
  verificationNeedsEmail: 'Email verification needs an email provider: configure one first',
  emailNotTested: 'Test the connection with these email settings before saving them',
  turnstileNotTested: 'Test the captcha keys successfully before enabling the captcha',
  turnstileFailed: 'Failed to verify Turnstile credentials.',
} as const;

const httpsUrl = (message: string) =>
  z
    .string()
    .max(2000)
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), message);

/** The email provider settings, as a group: what a connection test checks and a save stores. */
export const EMAIL_SETTING_KEYS = Object.keys(emailSettingsSchema.shape) as (keyof EmailSettings)[];

export const testTurnstileBodySchema = z.strictObject({
  siteKey: z.string().trim().min(1).max(200),
  secretKey: z.string().trim().min(1).max(200),
});

/**
 * PUT /api/settings (admin): any settings; email provider fields only as a tested group, the
 * captcha only with tested keys (unknown keys are refused).
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
  enableAccessTokens: z.boolean().optional(),
  requireSignInToCreate: z.boolean().optional(),
  requireSignInToRead: z.boolean().optional(),
  malwareScanFailOpen: z.boolean().optional(),
  // Email: the whole provider form at once, accepted only after a successful test of these values.
  ...emailSettingsSchema.partial().shape,
  emailVerificationSubject: z.string().max(300).optional(),
  emailVerificationTemplate: z.string().max(50_000).optional(),
  forgotPasswordTemplate: z.string().max(50_000).optional(),
  turnstileSiteKey: z.string().max(200).optional(),
  turnstileSecretKey: z.string().max(200).optional(),
  /** Can be turned on only after a successful test of the keys it will use. */
  enableTurnstile: z.boolean().optional(),
  ...holdSettingsSchema.partial().shape,
  /** Each role at most once. */
  secondFactorRoles: z
    .array(z.enum(ROLES))
    .max(ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, 'Each role once')
    .optional(),
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
  /** A mail provider is configured: mail links (password reset, verification) can be sent. */
  canSendMail: z.boolean(),
  /** How long the audit log keeps staff actions and their addresses (the privacy page says so). */
  auditRetentionDays: z.number().int().min(1),
  /** Sign-in through providers only (the login form then serves the emergency admin alone). */
  ssoOnly: z.boolean(),
  /** Personal access tokens can be created and used. */
  enableAccessTokens: z.boolean(),
  /** Visitors may not create pastes (the home page asks them to sign in). */
  requireSignInToCreate: z.boolean(),
  /** Visitors see nothing but the sign-in pages. */
  requireSignInToRead: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
