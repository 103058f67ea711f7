import { TOKEN_SCOPES, type TokenScope } from '../../../common/constants.js';
import type { AccessToken } from '../../../common/schemas/access-tokens.js';
import { iso } from '../../clock.js';
import type { AccessTokenRow } from './access-tokens.repository.js';

/** The stored scopes, as a list (unknown words, from a hand-edited row, are dropped). */
export const scopesOf = (row: Pick<AccessTokenRow, 'scopes'>): TokenScope[] =>
  row.scopes.split(' ').filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s));

/** A token as its owner sees it: the hash never leaves the server. */
export function presentAccessToken(row: AccessTokenRow, now: number): AccessToken {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    scopes: scopesOf(row),
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    expired: row.expires_at !== null && row.expires_at <= now,
  };
}
