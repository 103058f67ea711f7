import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

/**
 * The audit log: one row per staff action. No foreign key to users: the actor's id and
 * name stay when the account is deleted. Not part of a backup: an import keeps this log.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('audit_log'), dialect)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_username', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(20)')
    .addColumn('target_id', 'varchar(100)')
    .addColumn('details', 'text')
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_time_idx').on('audit_log').column('created_at').execute();
  await db.schema
    .createIndex('audit_log_action_idx')
    .on('audit_log')
    .columns(['action', 'created_at'])
    .execute();
}
