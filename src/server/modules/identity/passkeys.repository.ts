import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PasskeyChallengesTable, PasskeysTable } from '../../db/schema.js';

type Db = Kysely<Database>;
export type PasskeyRow = Selectable<PasskeysTable>;

/** A person's passkeys, oldest first (the order they were added in). */
export function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The ids among `userIds` that hold at least one passkey. */
export async function usersWithPasskeys(db: Db, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('passkeys')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

export function insertPasskey(db: Db, row: Omit<Insertable<PasskeysTable>, 'id'>): Promise<PasskeyRow> {
  return db.insertInto('passkeys').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<boolean> {
  const res = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<PasskeyRow | undefined> {
  return db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Every passkey of the account and its waiting ceremonies (the admin's reset); how many keys went. */
export async function deleteAllPasskeys(db: Db, userId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
    const res = await trx.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}

/**
 * Records a use: the new counter only if the stored one is still what was checked, so two
 * answers racing with the same counter cannot both pass.
 */
export async function recordPasskeyUse(
  db: Db,
  id: number,
  checkedCounter: number,
  newCounter: number,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: now })
    .where('id', '=', id)
    .where('counter', '=', checkedCounter)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function insertPasskeyChallenge(db: Db, row: PasskeyChallengesTable): Promise<void> {
  await db.insertInto('passkey_challenges').values(row).execute();
}

/** Takes a live challenge out in one statement: only one answer can ever use it. */
export function takePasskeyChallenge(
  db: Db,
  challengeHash: string,
  now: number,
): Promise<PasskeyChallengesTable | undefined> {
  return db
    .deleteFrom('passkey_challenges')
    .where('challenge_hash', '=', challengeHash)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteExpiredPasskeyChallenges(db: Db, now: number): Promise<number> {
  const res = await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
