import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Role } from '../../../common/constants.js';
import type { Database, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserByApiKeyHash(db: Kysely<Database>, hash: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('api_key_hash', '=', hash).executeTakeFirst();
}

export async function insertUser(
  db: Kysely<Database>,
  user: Omit<Insertable<UsersTable>, 'id'>,
): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Kysely<Database>,
  id: number,
  patch: Updateable<UsersTable>,
): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Replaces the user's API key (hash and hint): the old key stops working with this statement. */
export async function setApiKey(
  db: Kysely<Database>,
  userId: number,
  hash: string,
  hint: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ api_key_hash: hash, api_key_hint: hint })
    .where('id', '=', userId)
    .execute();
}

/** Sets a first API key only if the user has none; false when one already exists. */
export async function setApiKeyIfNone(
  db: Kysely<Database>,
  userId: number,
  hash: string,
  hint: string,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ api_key_hash: hash, api_key_hint: hint })
    .where('id', '=', userId)
    .where('api_key_hash', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Removes the user's API key; true when there was one to remove. */
export async function clearApiKey(db: Kysely<Database>, userId: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ api_key_hash: null, api_key_hint: null })
    .where('id', '=', userId)
    .where('api_key_hash', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Every account for the admin's list, oldest first, optionally of one role. */
export function listUsers(db: Kysely<Database>, role?: Role) {
  let q = db.selectFrom('users').selectAll().orderBy('id');
  if (role) q = q.where('role', '=', role);
  return q.execute();
}

/** Deletes an account; its pastes stay, anonymous, and its sessions and tokens go (foreign keys). */
export async function deleteUser(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/**
 * Grants VIP to a user who has not had it: 'user' becomes 'vip'; managers and admins keep their
 * role and get vip_activated_at (and with it the banner). False if the user already has VIP.
 */
export async function grantVip(db: Kysely<Database>, userId: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set((eb) => ({
      role: eb.case().when('role', '=', 'user').then(eb.val<Role>('vip')).else(eb.ref('role')).end(),
      vip_activated_at: now,
    }))
    .where('id', '=', userId)
    .where('vip_activated_at', 'is', null)
    .where('role', '!=', 'vip')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setVipBanner(
  db: Kysely<Database>,
  userId: number,
  bannerUrl: string,
  bannerLink: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ vip_banner_url: bannerUrl, vip_banner_link: bannerLink })
    .where('id', '=', userId)
    .execute();
}

/**
 * Takes the account's row lock (PostgreSQL: a row lock; SQLite: the write lock) inside `tx`, so
 * that what another module counts for one account is counted one transaction after another.
 */
export async function lockUserRow(tx: Kysely<Database>, userId: number): Promise<void> {
  await tx.updateTable('users').set({ id: userId }).where('id', '=', userId).execute();
}
