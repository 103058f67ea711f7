import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
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

type TokenWhere = ExpressionBuilder<Database, 'email_tokens'>;

/** The rows of one token (by its hash) and purpose. */
const tokenOf = (tokenHash: string, purpose: TokenPurpose) => (eb: TokenWhere) =>
  eb.and([eb('token_hash', '=', tokenHash), eb('purpose', '=', purpose)]);

/** The rows of one user and purpose. */
const userTokensOf = (userId: number, purpose: TokenPurpose) => (eb: TokenWhere) =>
  eb.and([eb('user_id', '=', userId), eb('purpose', '=', purpose)]);

/** Rows that would still work at `now`: unused and unexpired. */
const usableAt = (now: number) => (eb: TokenWhere) =>
  eb.and([eb('used_at', 'is', null), eb('expires_at', '>', now)]);

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
    .where(tokenOf(tokenHash, purpose))
    .where(usableAt(now))
    .returningAll()
    .executeTakeFirst();
}

export function findEmailToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<EmailTokenRow | undefined> {
  return db.selectFrom('email_tokens').selectAll().where(tokenOf(tokenHash, purpose)).executeTakeFirst();
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
    .where(tokenOf(tokenHash, purpose))
    .where(usableAt(now))
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
    .where(userTokensOf(userId, purpose))
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
    .where(userTokensOf(userId, purpose))
    .where(usableAt(now))
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
