import type { Kysely, Selectable } from 'kysely';
import type { Database, EmailTokensTable } from '../../db/schema.js';

export type EmailTokenRow = Selectable<EmailTokensTable>;
export type TokenPurpose = 'verify-email' | 'reset-password' | 'reveal-api-key';

export async function insertEmailToken(
  db: Kysely<Database>,
  t: {
    tokenHash: string;
    userId: number;
    purpose: TokenPurpose;
    payload: string | null;
    now: number;
    ttlMs: number;
  },
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      token_hash: t.tokenHash,
      user_id: t.userId,
      purpose: t.purpose,
      payload: t.payload,
      created_at: t.now,
      expires_at: t.now + t.ttlMs,
      used_at: null,
    })
    .execute();
}

/**
 * Uses a token in one conditional statement: of two requests racing with the same token, exactly
 * one gets the row back. Expired, used or unknown tokens give undefined.
 */
export function consumeEmailToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: TokenPurpose,
  now: number,
): Promise<EmailTokenRow | undefined> {
  return db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export function findEmailToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<EmailTokenRow | undefined> {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** A token that would still work, without using it up. */
export function findLiveEmailToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: TokenPurpose,
  now: number,
): Promise<EmailTokenRow | undefined> {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Drops a user's unused tokens of one purpose, so a newer link supersedes the older ones. */
export async function deleteUnusedTokens(
  db: Kysely<Database>,
  userId: number,
  purpose: TokenPurpose,
): Promise<void> {
  await db
    .deleteFrom('email_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** The newest live, unused token of a purpose (the pending email change of a user). */
export function findLiveToken(
  db: Kysely<Database>,
  userId: number,
  purpose: TokenPurpose,
  now: number,
): Promise<EmailTokenRow | undefined> {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Removes expired tokens (for a periodic sweep). Used ones stay until they expire, so a link
 * followed twice can say "already used" rather than "invalid".
 */
export async function deleteExpiredEmailTokens(db: Kysely<Database>, now: number): Promise<number> {
  const r = await db.deleteFrom('email_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
