import type { Kysely } from 'kysely';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_PER_USER_MAX,
  type TokenScope,
} from '../../../common/constants.js';
import { canGrantScope } from '../../../common/policies.js';
import {
  ACCESS_TOKEN_MESSAGES,
  type AccessTokenList,
  type CreateAccessTokenInput,
  type CreatedAccessToken,
} from '../../../common/schemas/access-tokens.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import { presentAccessToken, scopesOf } from './access-tokens.presenter.js';
import {
  deleteAccessToken,
  deleteAccessTokensOf,
  findAccessTokenByHash,
  insertAccessTokenWithin,
  listAccessTokens,
  touchAccessToken,
} from './access-tokens.repository.js';
import type { UserRow } from './users.repository.js';

/** 24 random bytes = 192 bits after the prefix, as the API key: `pst_` + 32 characters. */
const TOKEN_BYTES = 24;
const MAX_TOKEN_LENGTH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** "Last used" is kept to the minute: a script calling every second writes once a minute. */
const LAST_USE_EVERY_MS = 60_000;

/** Who a token speaks for, and what it may do. */
export interface TokenHolder {
  user: UserRow;
  scopes: TokenScope[];
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;

/**
 * Personal access tokens: several per person, each limited to its scopes and maybe to a
 * date, shown once and stored as a hash like the API key. The route's scope is checked where the
 * token is read (plugins/api-key.ts), from the route's tag (policies.tokenMayCall).
 */
export function createAccessTokenService(deps: {
  db: Kysely<Database>;
  settings: SettingsService;
  clock: Clock;
}) {
  const { db, settings, clock } = deps;

  async function requireEnabled(): Promise<void> {
    if (!(await settings.get()).enableAccessTokens) throw forbidden(ACCESS_TOKEN_MESSAGES.disabled);
  }

  return {
    /** Whether a credential looks like a token (and not like the `pb_` key). */
    isToken: (credential: string): boolean => credential.startsWith(ACCESS_TOKEN_PREFIX),

    /** The token's holder and scopes; null for a wrong, expired or revoked token, or while tokens are off. */
    async authenticate(credential: string): Promise<TokenHolder | null> {
      if (!credential.startsWith(ACCESS_TOKEN_PREFIX) || credential.length > MAX_TOKEN_LENGTH) return null;
      if (!(await settings.get()).enableAccessTokens) return null;
      const found = await findAccessTokenByHash(db, hashToken(credential));
      const now = clock.now();
      if (!found || (found.token.expires_at !== null && found.token.expires_at <= now)) return null;
      await touchAccessToken(db, found.token.id, now, LAST_USE_EVERY_MS);
      return { user: found.user, scopes: scopesOf(found.token) };
    },

    async list(user: UserRow): Promise<AccessTokenList> {
      const now = clock.now();
      return {
        tokens: (await listAccessTokens(db, user.id)).map((row) => presentAccessToken(row, now)),
        enabled: (await settings.get()).enableAccessTokens,
      };
    },

    /** A new token, returned this once; only its hash is kept. */
    async create(user: UserRow, input: CreateAccessTokenInput): Promise<CreatedAccessToken> {
      await requireEnabled();
      if (!input.scopes.every((scope) => canGrantScope(user.role, scope))) {
        throw forbidden(ACCESS_TOKEN_MESSAGES.adminScopeStaffOnly);
      }
      const token = `${ACCESS_TOKEN_PREFIX}${randomToken(TOKEN_BYTES)}`;
      const now = clock.now();
      const row = await db.transaction().execute((trx) =>
        insertAccessTokenWithin(
          trx,
          {
            user_id: user.id,
            name: input.name,
            token_hash: hashToken(token),
            hint: `${ACCESS_TOKEN_PREFIX}…${token.slice(-4)}`,
            scopes: input.scopes.join(' '),
            created_at: now,
            expires_at: input.expiresInDays ? now + input.expiresInDays * DAY_MS : null,
            last_used_at: null,
          },
          ACCESS_TOKENS_PER_USER_MAX,
        ),
      );
      if (!row) throw new AppError('CONFLICT', ACCESS_TOKEN_MESSAGES.tooMany);
      return { token, accessToken: presentAccessToken(row, now) };
    },

    /** Revokes one of the person's own tokens (at once, on every instance: each use reads the row). */
    async revoke(user: UserRow, id: number): Promise<void> {
      if (!(await deleteAccessToken(db, user.id, id))) throw notFound(ACCESS_TOKEN_MESSAGES.notFound);
    },

    /** Revokes all of a person's tokens in the caller's transaction (a password reset). */
    revokeAll: (trx: Kysely<Database>, userId: number): Promise<number> => deleteAccessTokensOf(trx, userId),
  };
}
