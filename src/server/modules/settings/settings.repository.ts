import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function readAllSettings(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function upsertSettings(
  db: Kysely<Database>,
  entries: [string, string][],
  now: number,
): Promise<void> {
  for (const [key, value] of entries) {
    await db
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}

/** Plain insert: fails with a unique violation when the key exists. */
export async function insertSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
  now: number,
): Promise<void> {
  await db.insertInto('settings').values({ key, value, updated_at: now }).execute();
}
