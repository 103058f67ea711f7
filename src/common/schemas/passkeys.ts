import { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH } from '../constants.js';
import { PASSKEY_MESSAGES } from '../messages.js';
import { secondFactorCodeField } from './second-factor.js';

/**
 * Passkeys (WebAuthn). The options the server hands out are what `navigator.credentials` takes, in
 * the JSON form of the WebAuthn spec; the browser's answer comes back in the same form
 * (@simplewebauthn/browser makes both), and is checked by @simplewebauthn/server.
 */

const b64url = z
  .string()
  .max(4000)
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

export const passkeyNameField = z
  .string(PASSKEY_MESSAGES.nameRequired)
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_MESSAGES.nameTooLong);

const extensionResults = z.record(z.string(), z.unknown()).default({});

/** An authenticator's answer to navigator.credentials.create(), as JSON. */
export const registrationResponseSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: z
      .string()
      .max(20_000)
      .regex(/^[A-Za-z0-9_-]*$/),
    transports: z.array(z.string().max(20)).max(10).optional(),
    authenticatorData: z.string().max(20_000).optional(),
    publicKey: z.string().max(4000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** An authenticator's answer to navigator.credentials.get(), as JSON. */
export const authenticationResponseSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/** Adding a passkey: its name and the authenticator's answer (and a code, where a fresh check is due). */
export const addPasskeyBodySchema = z.object({
  name: passkeyNameField,
  response: registrationResponseSchema,
  secondFactorCode: secondFactorCodeField,
});
export type AddPasskeyBody = z.input<typeof addPasskeyBodySchema>;

export const renamePasskeyBodySchema = z.object({ name: passkeyNameField });

/** Answering a sign-in, second-factor or step-up ceremony. */
export const passkeyAssertionBodySchema = z.object({ response: authenticationResponseSchema });

export const passkeyParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const isoTime = z.iso.datetime();

export const passkeySchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  /** How the browser can reach it (`internal`, `usb`, `nfc`, `ble`, `hybrid`). */
  transports: z.array(z.string()),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.strictObject({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** Options for navigator.credentials (WebAuthn's JSON form); the challenge is used once. */
const ceremonyOptionsSchema = z.looseObject({ challenge: z.string() });
export const registrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string() }),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;
export const authenticationOptionsSchema = ceremonyOptionsSchema;
export type AuthenticationOptions = z.infer<typeof authenticationOptionsSchema>;

const ok = z.strictObject({ success: z.literal(true) });

export const PASSKEY_RESPONSES = {
  'GET /api/account/passkeys': { 200: passkeyListSchema },
  'POST /api/account/passkeys/registration-options': { 200: registrationOptionsSchema },
  'POST /api/account/passkeys': { 201: z.strictObject({ passkey: passkeySchema }) },
  'PATCH /api/account/passkeys/:id': { 200: z.strictObject({ passkey: passkeySchema }) },
  'DELETE /api/account/passkeys/:id': { 200: ok },
  'POST /api/account/passkeys/step-up-options': { 200: authenticationOptionsSchema },
  'POST /api/account/passkeys/step-up': { 200: ok },
  'POST /api/auth/passkeys/sign-in-options': { 200: authenticationOptionsSchema },
  'POST /api/auth/passkeys/second-factor-options': { 200: authenticationOptionsSchema },
} as const;
