import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

/** Claims an interval's backup: true for the one instance whose insert lands. */
export async function claimSlot(
  db: Kysely<Database>,
  row: { slot: number; blobKey: string; now: number },
): Promise<number | null> {
  try {
    const r = await db
      .insertInto('scheduled_backups')
      .values({
        slot: row.slot,
        blob_key: row.blobKey,
        status: 'writing',
        size_bytes: 0,
        created_at: row.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
}

export async function markWritten(
  db: Kysely<Database>,
  id: number,
  size: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('scheduled_backups')
    .set({ status: 'done', size_bytes: size, finished_at: now })
    .where('id', '=', id)
    .execute();
}

export function listBackups(db: Kysely<Database>) {
  return db.selectFrom('scheduled_backups').selectAll().orderBy('slot', 'desc').execute();
}

export function findBackup(db: Kysely<Database>, id: number) {
  return db.selectFrom('scheduled_backups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteBackupRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('scheduled_backups').where('id', '=', id).execute();
}
