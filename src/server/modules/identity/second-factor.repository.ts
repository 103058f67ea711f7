import type { Kysely } from 'kysely';
import type { Database, SecondFactorChallengesTable, TotpFactorsTable } from '../../db/schema.js';

export function findTotpFactor(db: Kysely<Database>, userId: number): Promise<TotpFactorsTable | undefined> {
  return db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new unconfirmed secret replaces an earlier unconfirmed one; a confirmed factor is kept. */
export async function savePendingTotp(
  db: Kysely<Database>,
  userId: number,
  secret: string,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('totp_factors')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .execute();
    const kept = await trx
      .selectFrom('totp_factors')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (kept) return false;
    await trx
      .insertInto('totp_factors')
      .values({ user_id: userId, secret, created_at: now, confirmed_at: null, last_step: 0 })
      .execute();
    return true;
  });
}

/**
 * Takes the code's time step if it is newer than any taken before: one conditional statement,
 * so two requests with the same code cannot both pass.
 */
export async function claimTotpStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('totp_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Confirms the pending factor and replaces the recovery codes, together. */
export async function confirmTotp(
  db: Kysely<Database>,
  userId: number,
  step: number,
  now: number,
  codeHashes: string[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('totp_factors')
      .set({ confirmed_at: now, last_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (res.numUpdatedRows === 0n) return false;
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codeHashes.map((code_hash) => ({ code_hash, user_id: userId, used_at: null })))
      .execute();
    return true;
  });
}

/** Uses a recovery code: once, by one conditional statement. */
export async function claimRecoveryCode(
  db: Kysely<Database>,
  userId: number,
  codeHash: string,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids among `userIds` with a confirmed factor. */
export async function confirmedAmong(db: Kysely<Database>, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('totp_factors')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('confirmed_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The factor, its recovery codes and the sign-ins waiting for a code, together. */
export async function deleteSecondFactors(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
    await trx.deleteFrom('second_factor_challenges').where('user_id', '=', userId).execute();
  });
}

export async function insertChallenge(db: Kysely<Database>, row: SecondFactorChallengesTable): Promise<void> {
  await db.insertInto('second_factor_challenges').values(row).execute();
}

export function findChallenge(db: Kysely<Database>, idHash: string, now: number) {
  return db
    .selectFrom('second_factor_challenges')
    .selectAll()
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Ends a challenge; true for the one request that ended it. */
export async function deleteChallenge(db: Kysely<Database>, idHash: string): Promise<boolean> {
  const res = await db
    .deleteFrom('second_factor_challenges')
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

export async function deleteExpiredChallenges(db: Kysely<Database>, now: number): Promise<number> {
  const res = await db
    .deleteFrom('second_factor_challenges')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
