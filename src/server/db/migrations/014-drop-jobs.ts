import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The `jobs` table of the first schema was never used: background work runs in process
 * (infra/jobs) and keeps no rows. Dropped with its index so the schema says only what is true.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('jobs_ready_idx').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
