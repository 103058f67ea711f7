import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AccessTokenService } from '../users/access-tokens.service.js';
import type { ApiKeyService } from '../users/api-keys.service.js';
import { deleteUnusedTokens } from './email-tokens.repository.js';
import { deleteUserSessions } from './sessions.repository.js';

export interface CredentialChangeOptions {
  /** The session the person changing their own password keeps (every other one ends). */
  keepSession?: string;
  /** Only for a change the account's owner made with the current password, and asked to keep it. */
  keepApiKey?: boolean;
}

/**
 * The one rule for every credential change (own password, reset by mail, an admin setting a
 * password or an address): whoever held the old credentials loses every way back in — sessions
 * (but the one in use), the API key and the access tokens (which go with it: a person keeping the
 * key keeps them too), pending reset links and a pending address change. Runs in the caller's
 * transaction, so the change and its consequences land together.
 */
export function createCredentialChanges({
  apiKeys,
  accessTokens,
}: {
  apiKeys: ApiKeyService;
  accessTokens: AccessTokenService;
}) {
  return {
    async revokeAccess(
      trx: Kysely<Database>,
      userId: number,
      opts: CredentialChangeOptions = {},
    ): Promise<{ apiKeyRevoked: boolean }> {
      await deleteUserSessions(trx, userId, opts.keepSession);
      await deleteUnusedTokens(trx, userId, 'reset-password');
      await deleteUnusedTokens(trx, userId, 'verify-email');
      if (opts.keepApiKey) return { apiKeyRevoked: false };
      await accessTokens.revokeAll(trx, userId);
      return { apiKeyRevoked: await apiKeys.revoke(trx, userId) };
    },
  };
}

export type CredentialChanges = ReturnType<typeof createCredentialChanges>;
