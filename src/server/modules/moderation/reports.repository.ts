import type { Insertable, Kysely } from 'kysely';
import type { Database, ReportsTable } from '../../db/schema.js';

export async function insertReport(
  db: Kysely<Database>,
  row: Omit<Insertable<ReportsTable>, 'id'>,
): Promise<number> {
  const r = await db.insertInto('reports').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}
