import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * When a report or a deletion request was decided (null while pending, and for those decided
 * before this column): the Safety tab's median time from report to decision.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const table of ['reports', 'deletion_requests']) {
    await db.schema.alterTable(table).addColumn('decided_at', 'bigint').execute();
  }
}
