import { z } from 'zod';
import { MB, VIP_BANNER_MAX_BYTES } from '../constants.js';
import { secondFactorCodeField, stepUpBodySchema } from './second-factor.js';

/**
 * Account, verification, password-reset, API-key and VIP calls (spec §5 Account, Reset/forgot;
 * §8 Auth and Account). Raw lengths are capped generously here; the rules with the spec's
 * messages are checked by the server so the message is exactly the spec's.
 */
export const ACCOUNT_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  resetPasswordTooShort: 'Password must be at least 8 characters long',
  resetFailed: 'Failed to reset password. The link may be expired or invalid.',
  resetLinkMissing: 'Invalid reset link. Please request a new password reset.',
  resetDone: 'Your password has been reset. You can now log in with your new password.',
  resetDoneKeyRevoked:
    'Your password has been reset and your API key was revoked. You can now log in with your new password.',
  forgotSent: 'If an account with that email exists, a password reset link has been sent.',
  changePasswordTooShort: 'Password must be at least 6 characters long.',
  passwordsDontMatch: "Passwords Don't Match",
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordRequired: 'Please enter your current password.',
  passwordChanged: 'Password changed. You were signed out on your other devices.',
  passwordChangedKeyRevoked:
    'Password changed. You were signed out on your other devices and your API key was revoked.',
  emailInUse: 'This email address is already in use',
  emailUnchanged: 'This is already your email address',
  emailChangeSent: 'We sent a verification link to your new address. Your email changes when you follow it.',
  emailChanged: 'Your email address was changed. You were signed out on your other devices.',
  invalidVerificationLink: 'Invalid verification link',
  expiredVerificationLink: 'This verification link has expired. Please request a new one.',
  usedVerificationLink:
    'This verification link has already been used. If your email is verified, you can log in.',
  verificationResent: 'If an account is waiting for verification, a new verification email has been sent.',
  usernameOrEmailRequired: 'Please enter your username or email address.',
  registered: 'Account created. You can now log in.',
  /** The same whether the address was new or already had an account. */
  registeredCheckEmail:
    'Check your email: we sent a message to the address you entered. Follow it to finish, then log in.',
  verificationMailFailed:
    'Your account was created, but the verification email could not be sent. Please try again later with "Resend verification email".',
  changeMailFailed: 'The verification email could not be sent. Please try again later.',
  revealInvalid:
    'This API key link has expired or was already used. You can generate a new key in your account settings.',
  revealReplaced:
    'This API key has since been replaced. You can generate a new key in your account settings.',
  apiKeysDisabled: 'API keys are disabled on this site',
  invalidApiKey: 'Invalid API key',
  apiKeyRequired: 'This endpoint needs an API key in the X-API-Key header',
} as const;

export const VIP_MESSAGES = {
  licenseRequired: 'Please enter a license key',
  licenseUnknown: 'Invalid license key',
  licenseUsed: 'License key has already been used',
  alreadyVip: 'Your account already has VIP',
  activated: 'VIP activated. Enjoy unlimited expiration and a custom banner!',
  vipRequired: 'Only VIP members can manage a banner',
  bannerUrlRequired: 'Please enter a banner image URL',
  bannerUrlInvalid: 'The banner image URL is not a valid URL',
  bannerUrlHttps: 'The banner image URL must start with https://',
  bannerUrlCredentials: 'The banner image URL must not contain a username, password or port',
  bannerUrlHost: 'The banner image must be hosted on a trusted image host',
  bannerLinkInvalid: 'The banner link must be a valid http:// or https:// address',
  bannerTooLarge: `The banner image is larger than ${VIP_BANNER_MAX_BYTES / MB} MB`,
  bannerSaved: 'Banner updated',
} as const;

const text = (max: number) => z.string().max(max);

export const forgotPasswordBodySchema = z.object({ email: text(320) });
const secondFactorCode = secondFactorCodeField;
export const resetPasswordBodySchema = z.object({
  token: text(200),
  newPassword: text(200),
  /** Needed when the account has a second factor (answer SECOND_FACTOR_REQUIRED without it). */
  secondFactorCode,
});
export const resendVerificationBodySchema = z.object({
  username: text(200).optional().default(''),
  email: text(320).optional().default(''),
});
export const revealApiKeyBodySchema = z.object({ code: text(200) });
export const changePasswordBodySchema = z.object({
  currentPassword: text(200),
  newPassword: text(200),
  /** Whoever knew the old password may hold the key too, so revoking it is the default. */
  revokeApiKey: z.boolean().optional().default(true),
});
export const changeEmailBodySchema = z.object({
  email: text(320),
  /** Checked by the server, which answers a missing one with its own message. */
  currentPassword: text(200).optional().default(''),
  secondFactorCode,
});
/** A new API key: the code is needed when the account has a second factor and none was given lately. */
export const regenerateApiKeyBodySchema = stepUpBodySchema;
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;
export const activateVipBodySchema = z.object({ licenseKey: text(200) });
export const vipBannerBodySchema = z.object({
  bannerImageUrl: text(2048),
  bannerLink: text(2048).optional().default(''),
  /**
   * The image's size in bytes as the sender measured it (the server does not fetch it): a size
   * over VIP_BANNER_MAX_BYTES is refused.
   */
  bannerImageBytes: z.number().int().min(0).optional(),
});

export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
export type VipBannerBody = z.infer<typeof vipBannerBodySchema>;

export const EMAIL_TEMPLATE_KINDS = ['verification', 'forgot-password'] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export type { ApiKeyStatus, PasswordChangeResult, RenderedEmail, UserSettings } from './responses.js';
