import { type Expression, expressionBuilder, type SqlBool } from 'kysely';
import type { Database } from './schema.js';

/**
 * The expiry rule, the one place it is written: a paste lives while it has no expiry or its expiry
 * is still ahead. Every query that reads or counts live pastes filters with `whereLive`; the
 * sweeper deletes what `whereExpired` matches; a row already read is judged with `hasExpired`.
 */
export function whereLive(now: number): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'pastes'>();
  return eb.or([eb('pastes.expires_at', 'is', null), eb('pastes.expires_at', '>', now)]);
}

export function whereExpired(now: number): Expression<SqlBool> {
  return expressionBuilder<Database, 'pastes'>()('pastes.expires_at', '<=', now);
}

export const hasExpired = (row: { expires_at: number | null }, now: number): boolean =>
  row.expires_at !== null && row.expires_at <= now;
