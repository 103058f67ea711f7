import { z } from 'zod';
import { SECOND_FACTOR_MESSAGES } from '../messages.js';

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A TOTP code or a recovery code, as typed (spaces and hyphens are ignored). */
export const secondFactorCodeBodySchema = z.object({
  code: z
    .string(SECOND_FACTOR_MESSAGES.codeRequired)
    .trim()
    .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
    .max(40),
});
export type SecondFactorCodeBody = z.infer<typeof secondFactorCodeBodySchema>;

/**
 * The code an action needing a fresh second-factor check carries (answer SECOND_FACTOR_REQUIRED
 * without it, where the account has a factor and the session's last check is not recent).
 */
export const secondFactorCodeField = z.string().max(40).optional();
/** The body of such an action that has nothing else to send (none at all is fine too). */
export const stepUpBodySchema = z.object({ secondFactorCode: secondFactorCodeField }).nullish();

/**
 * A sign-in that passed its first factor: no session yet, the code goes to /api/auth/second-factor
 * (a passkey's answer to /api/auth/passkeys/second-factor).
 */
export const secondFactorRequiredSchema = z.strictObject({
  secondFactorRequired: z.literal(true),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

export const secondFactorStatusSchema = z.strictObject({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** Shown once, at enrolment: the secret as text and as the otpauth:// URI a QR code carries. */
export const totpEnrolmentSchema = z.strictObject({ secret: z.string(), otpauthUri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** Shown once, when TOTP is confirmed. */
export const recoveryCodesSchema = z.strictObject({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Recovery codes are compared without case, spaces or hyphens. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}
