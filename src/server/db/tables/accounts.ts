import type { Generated } from 'kysely';
import type { Role } from '../../../common/constants.js';

// Accounts: people, their sign-in and their email tokens.

export type TokenPurpose = 'verify-email' | 'reset-password' | 'reveal-api-key';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive. */
  username_key: string;
  email: string;
  role: Role;
  password_hash: string;
  created_at: number;
  registration_ip: string | null;
  api_key_hash: string | null;
  /** Last characters of the API key, shown so a user can tell which key is active. */
  api_key_hint: string | null;
  email_verified: number;
  vip_activated_at: number | null;
  vip_banner_url: string | null;
  vip_banner_link: string | null;
}

export interface SessionsTable {
  /** sha256 of the cookie value; the value itself is never stored. */
  id_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** The sign-in provider the session came from (null: a local password). */
  identity_provider: string | null;
  /** The browser's User-Agent and address, as last seen (null for sessions older than these). */
  user_agent: string | null;
  ip: string | null;
  /** Moved at most every SESSION_SEEN_STEP_MS; null: not seen since its sign-in. */
  last_seen_at: number | null;
  /** When this session last passed a second-factor check; null: never. */
  second_factor_at: number | null;
}

/** A personal access token; only its sha256 is kept. */
export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  /** `pst_…` and the token's last four characters. */
  hint: string;
  /** Its scopes, space-separated. */
  scopes: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
}

/** An external identity tied to an account. */
export interface IdentityLinksTable {
  provider_id: string;
  /** The provider's stable id of the person (OIDC `sub`, GitHub's id, the directory's username). */
  subject: string;
  user_id: number;
  linked_as: string | null;
  created_at: number;
  last_sign_in_at: number | null;
}

/** A redirect sign-in between its start and its callback, named by the hash of its browser cookie. */
export interface IdentityFlowsTable {
  id_hash: string;
  provider_id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  /** Set when a signed-in account links the provider instead of signing in. */
  link_user_id: number | null;
  expires_at: number;
}

/** An account's authenticator app; `confirmed_at` null while being enrolled. */
export interface TotpFactorsTable {
  user_id: number;
  secret: string;
  created_at: number;
  confirmed_at: number | null;
  /** The newest 30-second step a code was accepted for (replays are refused). */
  last_step: number;
}

export interface RecoveryCodesTable {
  code_hash: string;
  user_id: number;
  used_at: number | null;
}

/** A sign-in waiting for its second factor, named by the hash of its browser cookie. */
export interface SecondFactorChallengesTable {
  id_hash: string;
  user_id: number;
  method: string;
  provider: string | null;
  expires_at: number;
}

export interface EmailTokensTable {
  /** sha256 of the token sent by mail. */
  token_hash: string;
  user_id: number;
  /** 'verify-email' | 'reset-password' | 'reveal-api-key' */
  purpose: TokenPurpose;
  /** Purpose-specific data, e.g. the new email address being verified. */
  payload: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A passkey (WebAuthn credential); ids and keys base64url. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  /** The COSE public key. */
  public_key: string;
  counter: number;
  /** Comma-separated, as the browser reported them (`internal`, `usb`, `hybrid`…). */
  transports: string;
  /** The WebAuthn user handle the credential was made for. */
  user_handle: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A ceremony waiting for its answer: the challenge's sha256, what it is for and for whom. */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  purpose: 'register' | 'sign-in' | 'second-factor' | 'step-up';
  /** Null for a sign-in by passkey alone (the account is not known until the answer). */
  user_id: number | null;
  /** A registration's: the user handle its options gave the authenticator. */
  user_handle: string | null;
  expires_at: number;
}
