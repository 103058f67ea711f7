import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * An audit entry recorded at most once per key (a staff member's reads of a password paste, once
 * an hour): the unique index lets the database keep the first insert across every instance.
 * Null for every other entry (nulls never clash).
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('once_key', 'varchar(160)').execute();
  await db.schema.createIndex('audit_log_once_idx').on('audit_log').column('once_key').unique().execute();
}
