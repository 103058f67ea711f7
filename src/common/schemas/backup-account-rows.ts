import { z } from 'zod';
import { ACCESS_TOKEN_NAME_MAX_LENGTH, PASSKEY_NAME_MAX_LENGTH, ROLES, TOKEN_SCOPES } from '../constants.js';
import { digest, flag, id, text, time } from './backup-fields.js';
import { PROVIDER_ID } from './identity.js';

/**
 * The backup's rows of accounts and how they sign in: people, their second factors, tokens,
 * passkeys and linked identities.
 */
export const ACCOUNT_ROWS = {
  users: z.strictObject({
    id,
    username: text(30),
    username_key: text(30),
    email: text(320),
    role: z.enum(ROLES),
    password_hash: text(500),
    created_at: time,
    registration_ip: text(100).nullable(),
    api_key_hash: text(200).nullable(),
    api_key_hint: text(50).nullable(),
    email_verified: flag,
    vip_activated_at: time.nullable(),
    vip_banner_url: text(2000).nullable(),
    vip_banner_link: text(2000).nullable(),
  }),
  /** Absent in backups made before second factors. */
  totp_factors: z.strictObject({
    user_id: id,
    secret: z.string().regex(/^[A-Z2-7]{16,64}$/),
    created_at: time,
    confirmed_at: time.nullable(),
    last_step: z.number().int().min(0),
  }),
  recovery_codes: z.strictObject({ code_hash: digest, user_id: id, used_at: time.nullable() }),
  /**
   * Personal access tokens, by their hash as the API key is carried; absent in backups made
   * before them.
   */
  access_tokens: z.strictObject({
    id,
    user_id: id,
    name: text(ACCESS_TOKEN_NAME_MAX_LENGTH),
    token_hash: digest,
    hint: text(20),
    scopes: z
      .string()
      .max(200)
      .refine(
        (v) => v.split(' ').every((s) => (TOKEN_SCOPES as readonly string[]).includes(s)),
        'unknown scope',
      ),
    created_at: time,
    expires_at: time.nullable(),
    last_used_at: time.nullable(),
  }),
  /**
   * Passkeys go with their accounts (public keys only: nothing here signs in); absent in backups
   * made before passkeys.
   */
  passkeys: z.strictObject({
    id,
    user_id: id,
    credential_id: z
      .string()
      .min(1)
      .max(1400)
      .regex(/^[A-Za-z0-9_-]+$/),
    public_key: z
      .string()
      .min(1)
      .max(4000)
      .regex(/^[A-Za-z0-9_-]+$/),
    counter: z.number().int().min(0).max(0xffffffff),
    transports: text(200),
    user_handle: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]*$/),
    name: text(PASSKEY_NAME_MAX_LENGTH),
    created_at: time,
    last_used_at: time.nullable(),
  }),
  /**
   * Who signs in with which provider, by the provider's id of the person (an account that signs in
   * only through its provider could not sign in again without it); absent in backups made before.
   */
  identity_links: z.strictObject({
    provider_id: z.string().regex(PROVIDER_ID),
    subject: z.string().min(1).max(300),
    user_id: id,
    linked_as: text(320).nullable(),
    created_at: time,
    last_sign_in_at: time.nullable(),
  }),
} as const;
