import { z } from 'zod';
import { accountIdentitySchema, publicProviderSchema } from './identity.js';
import { isoTime, messageSchema, NotJson, okSchema, role } from './response-parts.js';
import {
  recoveryCodesSchema,
  secondFactorRequiredSchema,
  secondFactorStatusSchema,
  totpEnrolmentSchema,
} from './second-factor.js';
import { accountSessionsSchema, endedSessionsSchema } from './sessions.js';
import { publicSettingsSchema } from './settings.js';

/** Spec §3 User, as the server shows it to its owner: never a hash or a key. */
export const publicUserSchema = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role,
  createdAt: isoTime,
  hasApiKey: z.boolean(),
  emailVerified: z.boolean(),
  vipActivatedAt: isoTime.nullable(),
  vipBannerUrl: z.string().nullable(),
  vipBannerLink: z.string().nullable(),
  /**
   * Present on sign-in and GET /api/user when the account's role requires a second factor it has
   * not set up: nothing but enrolling works until it has.
   */
  secondFactorEnrolmentRequired: z.literal(true).optional(),
});

/** GET /api/settings/user: what the account page needs to decide which cards to show. */
export const userSettingsSchema = z.strictObject({
  requireEmailVerification: z.boolean(),
  /** A new address waits for a link sent to it (else it changes at once: no mail to send). */
  emailChangeByLink: z.boolean(),
  enableApiKeys: z.boolean(),
  emailVerified: z.boolean(),
  email: z.string(),
  /** A new address waiting for its verification link, if any. */
  pendingEmail: z.string().nullable(),
  hasApiKey: z.boolean(),
  apiKeyHint: z.string().nullable(),
  role,
  isVip: z.boolean(),
  vipLicenseUrl: z.string(),
});

export const apiKeyStatusSchema = z.strictObject({
  hasApiKey: z.boolean(),
  /** e.g. 'pb_…x7Qa': enough to tell keys apart, useless to an attacker. */
  hint: z.string().nullable(),
});

/** The answer to a password change or reset: whether the API key was revoked with it. */
export const passwordChangeResultSchema = z.strictObject({ message: z.string(), apiKeyRevoked: z.boolean() });

export const renderedEmailSchema = z.strictObject({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

export const databaseTestResultSchema = z.strictObject({
  ok: z.boolean(),
  dialect: z.enum(['sqlite', 'postgres']),
  message: z.string(),
});

const vipResultSchema = z.strictObject({ message: z.string(), user: publicUserSchema });

/** The answers of setup, sign-in and the account's own routes (see responses.ts). */
export const ACCOUNT_RESPONSES = {
  'GET /api/settings/public': { 200: publicSettingsSchema },
  'GET /api/setup/status': { 200: z.strictObject({ setupCompleted: z.boolean() }) },
  'GET /api/setup/test-database': { 200: databaseTestResultSchema },
  'POST /api/setup/test-email': { 200: z.strictObject({ ok: z.literal(true), message: z.string() }) },
  'POST /api/setup': { 200: okSchema },
  'POST /api/register': {
    201: z.strictObject({
      message: z.string(),
      requiresVerification: z.boolean(),
      verificationEmailSent: z.boolean(),
    }),
  },
  'POST /api/login': { 200: z.union([publicUserSchema, secondFactorRequiredSchema]) },
  'POST /api/auth/second-factor': { 200: publicUserSchema },
  'POST /api/auth/passkeys/sign-in': { 200: publicUserSchema },
  'POST /api/auth/passkeys/second-factor': { 200: publicUserSchema },
  'GET /api/account/second-factor': { 200: secondFactorStatusSchema },
  'POST /api/account/second-factor/totp': { 200: totpEnrolmentSchema },
  'POST /api/account/second-factor/totp/confirm': { 200: recoveryCodesSchema },
  'POST /api/account/second-factor/disable': { 200: secondFactorStatusSchema },
  'GET /api/account/sessions': { 200: accountSessionsSchema },
  'DELETE /api/account/sessions/:id': { 200: endedSessionsSchema },
  'POST /api/account/sessions/sign-out-others': { 200: endedSessionsSchema },
  'POST /api/logout': {
    200: z.strictObject({
      ok: z.literal(true),
      /** The sign-in provider's own sign-out page, when the session came from one that has it. */
      endSessionUrl: z.url().optional(),
    }),
  },
  'GET /api/user': { 200: publicUserSchema.nullable() },
  'GET /api/verify-email/:token': { 302: new NotJson('To /verify-email-success with the outcome', []) },
  'GET /api/auth/providers': { 200: z.array(publicProviderSchema) },
  'GET /api/auth/oidc/:id/start': {
    302: new NotJson('To the provider, or back to the site with the outcome', []),
  },
  'GET /api/auth/oidc/:id/callback': {
    302: new NotJson('To the provider, or back to the site with the outcome', []),
  },
  'POST /api/auth/ldap/:id/login': { 200: z.union([publicUserSchema, secondFactorRequiredSchema]) },
  'GET /api/user/identities': { 200: z.strictObject({ identities: z.array(accountIdentitySchema) }) },
  'POST /api/auth/oidc/:id/link': { 200: z.strictObject({ redirectUrl: z.url() }) },
  'POST /api/auth/ldap/:id/link': { 200: z.strictObject({ identities: z.array(accountIdentitySchema) }) },
  'POST /api/user/identities/:id/unlink': {
    200: z.strictObject({ identities: z.array(accountIdentitySchema) }),
  },
  'POST /api/auth/reveal-api-key': { 200: z.strictObject({ apiKey: z.string(), username: z.string() }) },
  'POST /api/auth/resend-verification': { 200: messageSchema },
  'POST /api/auth/forgot-password': { 200: messageSchema },
  'POST /api/auth/reset-password': { 200: passwordChangeResultSchema },
  'POST /api/user/change-password': { 200: passwordChangeResultSchema },
  'POST /api/user/change-email': { 200: messageSchema },
  'GET /api/settings/user': { 200: userSettingsSchema },
  'GET /api/user/api-key': { 200: apiKeyStatusSchema },
  'POST /api/user/regenerate-api-key': { 200: z.strictObject({ apiKey: z.string().regex(/^pb_/) }) },
  'POST /api/vip/activate': { 200: vipResultSchema },
  'POST /api/vip/banner': { 200: vipResultSchema },
  'GET /api/openapi.json': {
    200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
  },
} as const satisfies Record<string, Record<number, z.ZodType | NotJson>>;

export type PublicUser = z.infer<typeof publicUserSchema>;
export type UserSettings = z.infer<typeof userSettingsSchema>;
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;
export type PasswordChangeResult = z.infer<typeof passwordChangeResultSchema>;
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;
export type DatabaseTestResult = z.infer<typeof databaseTestResultSchema>;
