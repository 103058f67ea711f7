import type { Kysely } from 'kysely';
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

export async function insertLicense(db: Kysely<Database>, licenseKey: string, now: number) {
  return db
    .insertInto('vip_licenses')
    .values({ license_key: licenseKey, is_used: 0, used_by: null, used_at: null, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One page of licences, newest first, with who used each; and how many there are. */
/** A licence with the name of who used it (null while unused or once that account is gone). */
export type LicenseRow = Awaited<ReturnType<typeof listLicenses>>['rows'][number];

export async function listLicenses(db: Kysely<Database>, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('vip_licenses')
      .leftJoin('users', 'users.id', 'vip_licenses.used_by')
      .select([
        'vip_licenses.id',
        'vip_licenses.license_key',
        'vip_licenses.is_used',
        'vip_licenses.used_at',
        'vip_licenses.created_at',
        'users.username as used_by_username',
      ])
      .orderBy('vip_licenses.created_at', 'desc')
      .orderBy('vip_licenses.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('vip_licenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function deleteLicense(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('vip_licenses').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
