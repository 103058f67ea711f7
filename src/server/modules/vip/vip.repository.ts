import type { Kysely } from 'kysely';
import type { Role } from '../../../common/constants.js';
import type { Database } from '../../db/schema.js';

/**
 * Marks a license used by this user in one conditional statement: of two users racing for the
 * same key, exactly one updates the row. False when the key is unknown or already used.
 */
export async function claimLicense(
  db: Kysely<Database>,
  licenseKey: string,
  userId: number,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('vip_licenses')
    .set({ is_used: 1, used_by: userId, used_at: now })
    .where('license_key', '=', licenseKey)
    .where('is_used', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function licenseExists(db: Kysely<Database>, licenseKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('vip_licenses')
    .select('id')
    .where('license_key', '=', licenseKey)
    .executeTakeFirst();
  return row !== undefined;
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

export async function setBanner(
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
