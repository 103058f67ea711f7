import type { Kysely } from 'kysely';
import { API_KEY_PREFIX } from '../../../common/constants.js';
import { ACCOUNT_MESSAGES, type ApiKeyStatus } from '../../../common/schemas/account.js';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  clearApiKey,
  findUserByApiKeyHash,
  setApiKey,
  setApiKeyIfNone,
  type UserRow,
} from './users.repository.js';

/** 24 random bytes = 192 bits after the prefix, base64url: `pb_` + 32 characters. */
const KEY_BYTES = 24;
const MAX_KEY_LENGTH = 100;

export function generateApiKey(): { key: string; hash: string; hint: string } {
  const key = `${API_KEY_PREFIX}${randomToken(KEY_BYTES)}`;
  return { key, hash: hashToken(key), hint: `${API_KEY_PREFIX}…${key.slice(-4)}` };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/** API keys are shown once and stored only as a hash with a short hint (spec §1, security.md #5). */
export function createApiKeyService(deps: { db: Kysely<Database>; settings: SettingsService }) {
  const { db, settings } = deps;

  return {
    /** The key's owner; null for a wrong key or while the enableApiKeys setting is off. */
    async authenticate(key: string): Promise<UserRow | null> {
      if (!key.startsWith(API_KEY_PREFIX) || key.length > MAX_KEY_LENGTH) return null;
      if (!(await settings.get()).enableApiKeys) return null;
      return (await findUserByApiKeyHash(db, hashToken(key))) ?? null;
    },

    /** A new key for the user; the previous one is invalid from the same statement on. */
    async regenerate(userId: number): Promise<string> {
      if (!(await settings.get()).enableApiKeys) throw forbidden(ACCOUNT_MESSAGES.apiKeysDisabled);
      const k = generateApiKey();
      await setApiKey(db, userId, k.hash, k.hint);
      return k.key;
    },

    /** A first key for a user who has none, in the caller's transaction; null if they have one. */
    async createIfMissing(trx: Kysely<Database>, userId: number): Promise<string | null> {
      const k = generateApiKey();
      return (await setApiKeyIfNone(trx, userId, k.hash, k.hint)) ? k.key : null;
    },

    /**
     * Revokes the user's key in the caller's transaction (a password change or reset: whoever knew
     * the old password may have the key too). True when there was a key.
     */
    revoke(trx: Kysely<Database>, userId: number): Promise<boolean> {
      return clearApiKey(trx, userId);
    },

    status(user: UserRow): ApiKeyStatus {
      return { hasApiKey: user.api_key_hash !== null, hint: user.api_key_hash ? user.api_key_hint : null };
    },

    isCurrent(user: UserRow, key: string): boolean {
      return user.api_key_hash === hashToken(key);
    },
  };
}
